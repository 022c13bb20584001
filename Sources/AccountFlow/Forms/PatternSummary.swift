/// Says in words what a simple tenant pattern expects, so a format error can tell the user what to type:
/// `^[0-9]{10}$` → "10 digits", `^[A-Za-z0-9 -]{3,10}$` → "3 to 10 characters: letters, digits, spaces or
/// dashes", `^.{1,64}$` → "1 to 64 characters".
///
/// Only one character class with one count is read (`\d`, `.`, or a bracket set of ranges and literal
/// characters, then `{n}`, `{m,n}`, `{m,}`, `+`, `*` or nothing); anything else gives `nil` and the
/// form falls back to the tenant's label.
enum PatternSummary {
    static func summary(of regex: String?) -> String? {
        guard let regex else { return nil }
        var rest = Substring(regex)
        if rest.hasPrefix("^") { rest = rest.dropFirst() }
        if rest.hasSuffix("$") { rest = rest.dropLast() }
        guard let kinds = characterClass(&rest), let count = count(rest) else { return nil }
        // One kind of digit or letter is the noun itself ("10 digits", "capital letters"); else "characters: …".
        let single = kinds.count == 1 && (kinds[0] == "digits" || kinds[0].hasSuffix("letters")) ? kinds[0] : nil
        let plural = single ?? "characters"
        let singular = String(plural.dropLast())
        let phrase: String
        switch (count.lowerBound, count.upperBound) {
        case (let low, let high?) where low == high: phrase = "\(low) \(low == 1 ? singular : plural)"
        case (0, let high?): phrase = "up to \(high) \(plural)"
        case (let low, let high?): phrase = "\(low) to \(high) \(plural)"
        case (let low, nil): phrase = low <= 1 ? plural : "at least \(low) \(plural)"
        }
        guard single == nil, !kinds.isEmpty else { return phrase }
        return phrase + ": " + list(kinds)
    }

    /// Reads one class at the start of `text`; returns what it allows in words (empty for any character).
    private static func characterClass(_ text: inout Substring) -> [String]? {
        if text.hasPrefix("\\d") { text = text.dropFirst(2); return ["digits"] }
        if text.hasPrefix(".") { text = text.dropFirst(); return [] }
        guard text.hasPrefix("["), !text.hasPrefix("[^"), let close = text.firstIndex(of: "]") else { return nil }
        var members = Array(text[text.index(after: text.startIndex)..<close])
        text = text[text.index(after: close)...]
        var kinds: [String] = []
        func add(_ kind: String) { if !kinds.contains(kind) { kinds.append(kind) } }
        var upper = false, lower = false
        while let first = members.first {
            if members.count >= 3, members[1] == "-" {
                switch (first, members[2]) {
                case ("0", "9"): add("digits")
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
                if members.first == "d" { add("digits"); members.removeFirst(); continue }
            }
            guard let character = members.first, let name = literalNames[character] else { return nil }
            add(name)
            members.removeFirst()
        }
        // Letters go first, as people say them.
        if upper || lower { kinds.insert(upper && lower ? "letters" : upper ? "capital letters" : "lower-case letters", at: 0) }
        return kinds.isEmpty ? nil : kinds
    }

    private static let literalNames: [Character: String] = [
        " ": "spaces", "-": "dashes", ".": "dots", "_": "underscores", "'": "apostrophes", "+": "plus signs",
        ",": "commas", "/": "slashes", "@": "at signs",
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

    /// "letters, digits, spaces or dashes".
    private static func list(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + last
    }
}
