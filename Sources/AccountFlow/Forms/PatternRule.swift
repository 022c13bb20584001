/// What the form can do with a field's tenant pattern.
public enum PatternRule: Sendable, Equatable {
    /// No pattern (absent or empty regex).
    case none
    /// Compiled once when the form was built; checked on leave and on submit.
    case checked(CompiledPattern)
    /// ICU refused the pattern: the field carries a note and the server decides (field case 006, docs/field-cases.md).
    case uncheckable(source: String)

    /// Compiles `regex`; an empty or absent one means no pattern.
    public init(regex: String?) {
        guard let regex, !regex.isEmpty else {
            self = .none
            return
        }
        if let pattern = CompiledPattern(regex) { self = .checked(pattern) } else { self = .uncheckable(source: regex) }
    }

    /// `text` against the compiled pattern; nil when there is none to check here. A method on the rule: a verdict that
    /// took the pattern out of its field's rule copied the rule (a retain and release per value of a list).
    func check(_ text: String) -> PatternCheck? {
        if case .checked(let pattern) = self { pattern.check(text) } else { nil }
    }

    /// ICU refused the pattern.
    var isUncheckable: Bool {
        if case .uncheckable = self { true } else { false }
    }

    /// The choices of a pattern that is a pure alternation of literals (`^(Gold|Silver)$`,
    /// `(?:a|b)`, `Gold|Silver`), so the field can be a picker; `nil` otherwise. Escaped characters are
    /// literals, so values with punctuation stay choices (`^(St\. Louis|Washington, D\.C\.)$`, as a
    /// tenant or `NSRegularExpression.escapedPattern` writes them).
    public static func choices(in regex: String?) -> [String]? {
        guard let regex, !regex.isEmpty else { return nil }
        var body = Substring(regex)
        if body.hasPrefix("^") { body = body.dropFirst() }
        if body.hasSuffix("$"), !body.hasSuffix("\\$") { body = body.dropLast() }
        if body.hasPrefix("("), body.hasSuffix(")"), !body.hasSuffix("\\)") {
            body = body.dropFirst().dropLast()
            if body.hasPrefix("?:") { body = body.dropFirst(2) }
        }
        var choices: [String] = []
        var current = ""
        var escaped = false
        for character in body {
            if escaped {
                // `\d`, `\w` and the like are classes, not literals.
                guard !character.isLetter, !character.isNumber else { return nil }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                choices.append(current)
                current = ""
            } else if metacharacters.contains(character) {
                return nil
            } else {
                current.append(character)
            }
        }
        guard !escaped else { return nil }
        choices.append(current)
        guard choices.count >= 2, choices.allSatisfy({ !$0.trimmingSpaces.isEmpty }) else { return nil }
        return choices
    }

    /// Characters with a meaning in a pattern: unescaped, they make it more than a list of literals.
    private static let metacharacters: Set<Character> = [".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "^", "$"]
}
