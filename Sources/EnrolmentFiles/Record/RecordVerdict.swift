/// What ``RecordChain/verify(_:)`` found.
public enum RecordVerdict: Sendable, Equatable {
    /// Every line links to the one before it. `head` is the SHA-256 of the last line: kept elsewhere, it shows
    /// later whether lines were cut off the end.
    case intact(lines: Int, head: String)
    /// The first line (from 1) that was changed, removed, moved or cut, and what happened there.
    case broken(line: Int, reason: String)
}

/// An enrolment record file that cannot be checked or appended to.
public enum RecordFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// It cannot be opened, read or written; the system's reason.
    case io(String)
    /// Its bytes are not an enrolment record.
    case notARecord(String)

    /// The sentence to print.
    public var description: String {
        switch self {
        case .io(let reason), .notARecord(let reason): reason
        }
    }
}
