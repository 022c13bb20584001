/// `grant_type` of `/oauth2/v2.0/token` and the `continue` endpoints.
///
/// Source: docs/protocol.md §N2, §N3.3, §N4.3.
public enum GrantType: WireVocabulary {
    /// `password`, `oob` (first-factor code), `mfa_oob` (second-factor code), `continuation_token` (sign-in
    /// after sign-up, reset or registration; also register continue after `preverified`), `attributes`
    /// (sign-up), `refresh_token`. Source: docs/protocol.md §N3.3, §N3.7 step C, §N4.3.
    case password, oob, mfaOOB, continuationToken, attributes, refreshToken
    /// Any other `grant_type` string, kept as sent.
    case unknown(String)

    /// The grant types decoding recognises.
    public enum Known: String, CaseIterable, Sendable {
        case password = "password"
        case oob = "oob"
        case mfaOOB = "mfa_oob"
        case continuationToken = "continuation_token"
        case attributes = "attributes"
        case refreshToken = "refresh_token"
    }

    /// The case for a documented wire string.
    public init(_ known: Known) {
        self = switch known {
        case .password: .password
        case .oob: .oob
        case .mfaOOB: .mfaOOB
        case .continuationToken: .continuationToken
        case .attributes: .attributes
        case .refreshToken: .refreshToken
        }
    }
}
