/// Why a ``CursesBackend`` could not start. Each case means: use the line mode instead.
public enum CursesError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal.
    case notATerminal
    /// `newterm` refused the terminal type in `TERM`.
    case unknownTerminal(String)
    /// Another backend owns the terminal already.
    case alreadyActive

    /// A lower-case phrase that reads after `tophhie: ` on standard error.
    public var description: String {
        switch self {
        case .notATerminal: return "standard input and output must be a terminal"
        case .unknownTerminal(let name): return "the terminal type \"\(name)\" is not known to ncurses"
        case .alreadyActive: return "the terminal is already in use by this process"
        }
    }
}
