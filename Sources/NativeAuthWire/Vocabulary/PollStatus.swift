/// `status` of `/resetpassword/v1.0/poll_completion`.
///
/// Source: docs/protocol.md §N5.5.
public enum PollStatus: WireVocabulary {
    /// `succeeded` (a token for sign-in may follow), `in_progress` and `not_started` (wait `poll_interval`
    /// and poll again), `failed` (the SDKs stop; the docs allow submitting a new password).
    case succeeded, inProgress, failed, notStarted
    /// Any other status string, kept as sent.
    case unknown(String)

    /// The four documented statuses (docs/protocol.md §N5.5).
    public enum Known: String, CaseIterable, Sendable {
        case succeeded = "succeeded"
        case inProgress = "in_progress"
        case failed = "failed"
        case notStarted = "not_started"
    }

    /// The case for a documented wire string.
    public init(_ known: Known) {
        self = switch known {
        case .succeeded: .succeeded
        case .inProgress: .inProgress
        case .failed: .failed
        case .notStarted: .notStarted
        }
    }
}
