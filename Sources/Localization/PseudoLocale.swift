/// The pseudo-locale `qps`: English with every letter accented, 40 % longer and between `[!! … !!]`, made at load
/// time. A word left in the code shows plain, a message cut off loses its `!!]`, and a screen that fits it fits the
/// longer languages. Arguments, plural/select keywords and `#` stay as they are.
enum PseudoLocale {
    static let tag = "qps"

    /// `pattern` in the pseudo-locale: its text accented and padded, its arguments untouched.
    static func pattern(_ pattern: String) -> String {
        var scanner = Scanner(Array(pattern))
        let (text, visible) = scanner.message(until: nil)
        let padding = Self.padding(count: (visible * 2 + 4) / 5)
        return "[!! " + text + padding + " !!]"
    }

    /// Letters as their accented forms.
    static let accents: [Character: Character] = [
        "a": "á", "b": "ƀ", "c": "ç", "d": "đ", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "í", "j": "ĵ", "k": "ķ",
        "l": "ĺ", "m": "ɱ", "n": "ñ", "o": "ó", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ", "u": "ú", "v": "ṽ",
        "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž",
        "A": "Á", "B": "Ɓ", "C": "Ç", "D": "Đ", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Í", "J": "Ĵ", "K": "Ķ",
        "L": "Ĺ", "M": "Ṁ", "N": "Ñ", "O": "Ó", "P": "Þ", "Q": "Ǫ", "R": "Ŕ", "S": "Š", "T": "Ţ", "U": "Ú", "V": "Ṽ",
        "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
    ]

    /// Words of filler, so the longer text wraps like prose does.
    static func padding(count: Int) -> String {
        let words = ["ļőŕȅɱ", "íþšũɱ", "đőļőŕ", "šíţ", "áɱȅţ"]
        var padding = ""
        var index = 0
        while padding.count < count {
            padding += " " + words[index % words.count]
            index += 1
        }
        return padding
    }

    /// A minimal MessageFormat walker: text is accented, `{…}` arguments are copied, and the messages inside a
    /// plural or select are walked in turn.
    struct Scanner {
        let characters: [Character]
        var index = 0

        init(_ characters: [Character]) { self.characters = characters }

        /// Text up to the `}` that closes it (or the end); returns it and how many characters of it are shown.
        mutating func message(until closing: Character?) -> (String, Int) {
            var output = ""
            var visible = 0
            while index < characters.count {
                let character = characters[index]
                if character == closing { return (output, visible) }
                if character == "'" {
                    // ICU quoting: copy a quoted run (`'{'`, `''`) unchanged.
                    let start = index
                    index += 1
                    if index < characters.count, characters[index] == "'" { index += 1; output += "''"; visible += 1; continue }
                    if index < characters.count, "{}#|".contains(characters[index]) {
                        while index < characters.count, characters[index] != "'" { index += 1 }
                        index = min(index + 1, characters.count)
                        output += String(characters[start..<index])
                        visible += index - start - 2
                        continue
                    }
                    output += "'"
                    visible += 1
                    continue
                }
                if character == "{" {
                    let (text, shown) = argument()
                    output += text
                    visible += shown
                    continue
                }
                output.append(PseudoLocale.accents[character] ?? character)
                visible += 1
                index += 1
            }
            return (output, visible)
        }

        /// `{name}`, `{name, number}` copied; `{name, plural|select|selectordinal, key {message} …}` with its
        /// messages walked. Also returns how long it reads: its longest branch, or 4 for a value.
        mutating func argument() -> (String, Int) {
            var output = "{"
            index += 1
            var header = ""
            while index < characters.count, characters[index] != "}", characters[index] != "{" {
                header.append(characters[index])
                index += 1
            }
            output += header
            let parts = header.split(separator: ",").map { $0.trimmingSpaces }
            let nested = parts.count >= 2 && ["plural", "select", "selectordinal"].contains(parts[1])
            guard nested else {
                // A simple argument, or a style with braces of its own: copy to the matching `}`.
                var depth = 1
                while index < characters.count {
                    let character = characters[index]
                    if character == "{" { depth += 1 }
                    if character == "}" { depth -= 1 }
                    index += 1
                    if depth == 0 { return (output + "}", 4) }
                    output.append(character)
                }
                return (output, 4)
            }
            var longest = 0
            while index < characters.count {
                let character = characters[index]
                if character == "}" { index += 1; return (output + "}", longest) }
                if character == "{" {
                    index += 1
                    let (inner, shown) = message(until: "}")
                    longest = max(longest, shown)
                    index += 1
                    output += "{" + inner + "}"
                    continue
                }
                output.append(character)
                index += 1
            }
            return (output, longest)
        }
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
