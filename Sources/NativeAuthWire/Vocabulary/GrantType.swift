/// `grant_type` of `/oauth2/v2.0/token` and the `continue` endpoints.
///
/// Source: native-auth API reference §2, §3.3, §4.3.
public enum GrantType: WireVocabulary {
    /// `password`, `oob` (first-factor code), `mfa_oob` (second-factor code), `continuation_token` (sign-in
    /// after sign-up, reset or registration; also register continue after `preverified`), `attributes`
    /// (sign-up), `refresh_token`. Source: native-auth API reference §3.3, §3.7 step C, §4.3.
    case password, oob, mfaOOB, continuationToken, attributes, refreshToken
    /// Any other `grant_type` string, kept as sent.
    case unknown(String)

    /// The grant types decoding recognises.
    public static let known: [GrantType] = [.password, .oob, .mfaOOB, .continuationToken, .attributes, .refreshToken]

    /// The `grant_type` string, e.g. `mfa_oob`.
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
