/// `status` of `/resetpassword/v1.0/poll_completion`.
///
/// Source: native-auth API reference §5.5.
public enum PollStatus: WireVocabulary {
    case succeeded, inProgress, failed, notStarted
    case unknown(String)

    public static let known: [PollStatus] = [.succeeded, .inProgress, .failed, .notStarted]

    public var wireValue: String {
        switch self {
        case .succeeded: "succeeded"
        case .inProgress: "in_progress"
        case .failed: "failed"
        case .notStarted: "not_started"
        case .unknown(let value): value
        }
    }
}
