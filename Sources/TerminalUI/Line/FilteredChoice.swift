/// The answer to a long choice asked in line mode (``LineTerminal/chooseFiltering(_:titles:current:)``).
public enum FilteredChoice: Hashable, Sendable {
    /// The title at this index was chosen.
    case picked(Int)
    /// An empty answer: the value stays as it was.
    case kept
    /// ``QuitAnswer`` was typed: the person leaves the console.
    case quit
}
