/// How one person's enrolment ended, as the record and the report say it.
public enum RecordOutcome: String, Sendable, Codable, CaseIterable {
    /// The account was created.
    case enrolled
    /// The tenant refused or the flow failed; the entry carries the AADSTS code and correlation id when known.
    case failed
    /// An account with this email already exists (sign-up's `user_already_exists`).
    case alreadyExists = "already-exists"
    /// Staff marked the person as not there (yet): they may turn up later.
    case absent
    /// Staff passed over the person.
    case skipped

    /// Whether the person is done with. A failed person may try again, and one marked absent may turn up later: both
    /// stay in the queue, offered after everyone not yet seen.
    public var isFinal: Bool {
        switch self {
        case .enrolled, .alreadyExists, .skipped: true
        case .failed, .absent: false
        }
    }
}
