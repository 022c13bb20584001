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
