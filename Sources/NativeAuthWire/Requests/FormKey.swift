/// Form parameter names of the native authentication API.
///
/// Source: native-auth API reference §1.4, §3.1–§3.7, §4.1–§4.3, §5.1–§5.5, §6.
public enum FormKey: String, Sendable, CaseIterable {
    case clientID = "client_id"
    case username
    case password
    case newPassword = "new_password"
    case challengeType = "challenge_type"
    case capabilities
    case continuationToken = "continuation_token"
    case grantType = "grant_type"
    case oob
    case scope
    case clientInfo = "client_info"
    case claims
    case attributes
    case id
    case challengeTarget = "challenge_target"
    case challengeChannel = "challenge_channel"
    case refreshToken = "refresh_token"

    /// Parameters whose values are secrets and never reach a log, trace or export.
    public static let secrets: Set<FormKey> = [.password, .newPassword, .oob, .continuationToken, .refreshToken]
}
