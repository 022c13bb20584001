import Localization

/// What a simple tenant pattern expects, so a format error can tell the user what to type: `^[0-9]{10}$` →
/// 10 digits, `^[A-Za-z0-9 -]{3,10}$` → 3 to 10 characters (letters, digits, spaces, dashes), `^.{1,64}$` → 1 to
/// 64 characters. A value, said in the person's language by ``phrase`` and ``formatMessage``.
///
/// Only one character class with one count is read (`\d`, `.`, or a bracket set of ranges and literal
/// characters, then `{n}`, `{m,n}`, `{m,}`, `+`, `*` or nothing); anything else gives `nil` and the
/// form falls back to the tenant's label.
struct PatternSummary: Sendable, Equatable {
    /// What a character may be; the raw values are the catalogue's select keys.
    enum Kind: String, Sendable {
        case letters, capitalLetters, lowerCaseLetters, digits
        case spaces, dashes, dots, underscores, apostrophes, plusSigns, commas, slashes, atSigns

        /// One kind of digit or letter is the noun itself ("10 digits"); the others are listed after "characters".
        var isNoun: Bool { self == .digits || self == .letters || self == .capitalLetters || self == .lowerCaseLetters }
    }

    /// What the characters may be, letters first; empty for any character.
    let kinds: [Kind]
    /// The fewest characters.
    let lowerBound: Int
    /// The most characters; `nil`: no limit.
    let upperBound: Int?

    init?(regex: String?) {
        guard let regex else { return nil }
        var rest = Substring(regex)
        if rest.hasPrefix("^") { rest = rest.dropFirst() }
        if rest.hasSuffix("$") { rest = rest.dropLast() }
        guard let kinds = Self.characterClass(&rest), let count = Self.count(rest) else { return nil }
        self.kinds = kinds
        (lowerBound, upperBound) = count
    }

    /// "Enter 10 digits.": the format error of a field with this pattern.
    var formatMessage: String { tr("pattern.enter", ["summary": phrase]) }

    /// "10 digits", "3 to 10 characters: letters, digits, spaces or dashes", as the object of "Enter": one message
    /// per shape of count, whose noun is a select (`digits`, …, `characters` before a list, `any`) so each language
    /// inflects it by the count.
    var phrase: String {
        let noun = kinds.count == 1 && kinds[0].isNoun ? kinds[0].rawValue : kinds.isEmpty ? "any" : "characters"
        let arguments: [String: any MessageArgument] = ["noun": noun, "kinds": Self.list(kinds)]
        switch (lowerBound, upperBound) {
        case (let low, let high?) where low == high:
            return tr("pattern.exactly", arguments.merging(["count": low]) { $1 })
        case (0, let high?):
            return tr("pattern.upTo", arguments.merging(["count": high]) { $1 })
        case (let low, let high?):
            return tr("pattern.between", arguments.merging(["low": low, "high": high]) { $1 })
        case (let low, nil) where low <= 1:
            return tr("pattern.unlimited", arguments)
        case (let low, nil):
            return tr("pattern.atLeast", arguments.merging(["count": low]) { $1 })
        }
    }

    /// Reads one class at the start of `text`; returns what it allows (empty for any character).
    private static func characterClass(_ text: inout Substring) -> [Kind]? {
        if text.hasPrefix("\\d") { text = text.dropFirst(2); return [.digits] }
        if text.hasPrefix(".") { text = text.dropFirst(); return [] }
        guard text.hasPrefix("["), !text.hasPrefix("[^"), let close = text.firstIndex(of: "]") else { return nil }
        var members = Array(text[text.index(after: text.startIndex)..<close])
        text = text[text.index(after: close)...]
        var kinds: [Kind] = []
        func add(_ kind: Kind) { if !kinds.contains(kind) { kinds.append(kind) } }
        var upper = false, lower = false
        while let first = members.first {
            if members.count >= 3, members[1] == "-" {
                switch (first, members[2]) {
                case ("0", "9"): add(.digits)
                case ("A", "Z"): upper = true
                case ("a", "z"): lower = true
                default: return nil
                }
                members.removeFirst(3)
                continue
            }
            if first == "\\" {
                guard members.count >= 2 else { return nil }
                members.removeFirst()
                if members.first == "d" { add(.digits); members.removeFirst(); continue }
            }
            guard let character = members.first, let kind = literalKinds[character] else { return nil }
            add(kind)
            members.removeFirst()
        }
        // Letters go first, as people say them.
        if upper || lower { kinds.insert(upper && lower ? .letters : upper ? .capitalLetters : .lowerCaseLetters, at: 0) }
        return kinds.isEmpty ? nil : kinds
    }

    private static let literalKinds: [Character: Kind] = [
        " ": .spaces, "-": .dashes, ".": .dots, "_": .underscores, "'": .apostrophes, "+": .plusSigns,
        ",": .commas, "/": .slashes, "@": .atSigns,
    ]

    /// Reads the count after the class: the whole rest of the pattern. `nil` upper bound: no limit.
    private static func count(_ text: Substring) -> (lowerBound: Int, upperBound: Int?)? {
        switch text {
        case "": return (1, 1)
        case "+": return (1, nil)
        case "*": return (0, nil)
        default: break
        }
        guard text.hasPrefix("{"), text.hasSuffix("}") else { return nil }
        let parts = text.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false)
        guard let low = parts.first.flatMap({ Int($0) }) else { return nil }
        switch parts.count {
        case 1: return (low, low)
        case 2 where parts[1].isEmpty: return (low, nil)
        case 2: return Int(parts[1]).flatMap { $0 >= low ? (low, $0) : nil }
        default: return nil
        }
    }

    /// "letters, digits, spaces or dashes": each kind's name, joined by the language's `list.or` patterns.
    static func list(_ kinds: [Kind]) -> String {
        let names = kinds.map { tr("pattern.kind", ["kind": $0.rawValue]) }
        guard var joined = names.last else { return "" }
        if names.count >= 2 { joined = tr("list.or.two", ["first": names[names.count - 2], "last": joined]) }
        for name in names.dropLast(2).reversed() { joined = tr("list.or.more", ["first": name, "rest": joined]) }
        return joined
    }
}
