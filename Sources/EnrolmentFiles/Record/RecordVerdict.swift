/// What ``RecordChain/verify(_:)`` found.
public enum RecordVerdict: Sendable, Equatable {
    /// Every line links to the one before it. `head` is the SHA-256 of the last line: kept elsewhere, it shows
    /// later whether lines were cut off the end.
    case intact(lines: Int, head: String)
    /// The first line (from 1) that was changed, removed, moved or cut, and what happened there.
    case broken(line: Int, reason: String)
}
