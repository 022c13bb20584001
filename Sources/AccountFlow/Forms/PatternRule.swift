/// What the form can do with a field's tenant pattern.
public enum PatternRule: Sendable, Equatable {
    /// No pattern (absent or empty regex).
    case none
    /// Compiled once when the form was built; checked on leave and on submit.
    case checked(CompiledPattern)
    /// ICU refused the pattern: the field carries a note and the server decides (case 006).
    case uncheckable(source: String)

    /// Compiles `regex`; an empty or absent one means no pattern.
    public init(regex: String?) {
        guard let regex, !regex.isEmpty else {
            self = .none
            return
        }
        if let pattern = CompiledPattern(regex) { self = .checked(pattern) } else { self = .uncheckable(source: regex) }
    }

    /// The choices of a pattern that is a pure alternation of literals (`^(Gold|Silver)$`,
    /// `(?:a|b)`, `Gold|Silver`), so the field can be a picker; `nil` otherwise.
    public static func choices(in regex: String?) -> [String]? {
        guard let regex, !regex.isEmpty else { return nil }
        var body = Substring(regex)
        if body.hasPrefix("^") { body = body.dropFirst() }
        if body.hasSuffix("$") { body = body.dropLast() }
        if body.hasPrefix("("), body.hasSuffix(")") {
            body = body.dropFirst().dropLast()
            if body.hasPrefix("?:") { body = body.dropFirst(2) }
        }
        let choices = body.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let literal = { (choice: String) in
            !choice.isEmpty && choice.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
        }
        guard choices.count >= 2, choices.allSatisfy(literal) else { return nil }
        return choices
    }
}
