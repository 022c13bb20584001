/// One `tophhie` command: its name, usage, options and notes, as help, completions and the man page read it.
/// ``CommandTable`` holds them all, each in a ``Command`` that names its options for the parsers.
public struct CommandSpec: Equatable, Sendable {
    /// The word after `tophhie` (`console`, `run`); empty for the embedded console, which has none.
    public let name: String
    /// One line: what it does.
    public let summary: String
    /// Usage lines without the leading `tophhie` (`console --authority URL …`).
    public let usage: [String]
    /// Its options, in help order.
    public let options: [OptionSpec]
    /// Placeholder of the positional arguments (`FILE...`), nil when it takes none.
    public let operand: String?
    /// What a shell offers for an operand.
    public let operandCompletion: ValueCompletion
    /// Paragraphs printed after the options by `--help` and in the man page.
    public let notes: [String]
    /// Left out of help, completions and the man page (the completion scripts' own helper).
    public let hidden: Bool

    /// The options a user sees (not hidden).
    public var visibleOptions: [OptionSpec] { options.filter { !$0.hidden } }
}
