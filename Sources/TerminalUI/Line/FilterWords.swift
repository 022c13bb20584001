/// What ``LineTerminal/chooseFiltering(_:titles:current:words:)`` says. TerminalUI links no catalogue: it says
/// ``english``, and line mode passes words from the console's catalogue.
public struct FilterWords: Sendable {
    /// Before the first filter: the field's `label`, how many choices, and the title an empty answer keeps.
    public var intro: @Sendable (_ label: String, _ count: Int, _ current: String?) -> String
    /// The prompt, with `shown` numbered matches listed (0: none yet).
    public var prompt: @Sendable (_ shown: Int) -> String
    /// Nothing contains the filter.
    public var nothing: String
    /// `found` of `count` match, the first `shown` listed (`shown` == `found` when all are).
    public var found: @Sendable (_ found: Int, _ count: Int, _ shown: Int) -> String

    public init(intro: @escaping @Sendable (String, Int, String?) -> String, prompt: @escaping @Sendable (Int) -> String,
                nothing: String, found: @escaping @Sendable (Int, Int, Int) -> String) {
        self.intro = intro
        self.prompt = prompt
        self.nothing = nothing
        self.found = found
    }

    /// What line mode said before the console had a catalogue.
    public static let english = FilterWords(
        intro: { label, count, current in
            "\(label): \(count) choices. Type part of one to find it; Enter keeps \(current.map { "\"\($0)\"" } ?? "it unset")."
        },
        prompt: { shown in shown == 0 ? "Filter: " : "Number 1-\(shown), or another filter: " },
        nothing: "  Nothing contains that; try a shorter filter.",
        found: { found, count, shown in
            found > shown ? "  \(found) of \(count) match; the first \(shown) (type more to narrow):" : "  \(found) of \(count) match:"
        })
}
