/// A shell `tophhie completion` writes a script for.
public enum CompletionShell: String, Equatable, Sendable, CaseIterable {
    case bash, zsh, fish
}
