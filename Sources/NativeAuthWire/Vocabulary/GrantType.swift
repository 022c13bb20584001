/// `grant_type` of `/oauth2/v2.0/token` and the `continue` endpoints.
///
/// Source: native-auth API reference §2, §3.3, §4.3.
public enum GrantType: WireVocabulary {
    case password, oob, mfaOOB, continuationToken, attributes, refreshToken
    case unknown(String)

    public static let known: [GrantType] = [.password, .oob, .mfaOOB, .continuationToken, .attributes, .refreshToken]

    public var wireValue: String {
        switch self {
        case .password: "password"
        case .oob: "oob"
        case .mfaOOB: "mfa_oob"
        case .continuationToken: "continuation_token"
        case .attributes: "attributes"
        case .refreshToken: "refresh_token"
        case .unknown(let value): value
        }
    }
}
