/// The `error` field of an error envelope: the primary switch for every error answer.
///
/// Source: native-auth API reference §7.1 (union of the documentation and SDK enums).
public enum OAuthErrorCode: WireVocabulary {
    case invalidRequest, unauthorizedClient, invalidClient, unsupportedChallengeType
    case userNotFound, userAlreadyExists, invalidGrant, expiredToken, expiredRefreshToken
    case credentialRequired, attributesRequired, verificationRequired, accessDenied
    case invalidScope, unsupportedGrantType, serverError, authorizationPending, slowDown
    case unsupportedAuthMethod, authNotSupported
    case unknown(String)

    public static let known: [OAuthErrorCode] = [
        .invalidRequest, .unauthorizedClient, .invalidClient, .unsupportedChallengeType,
        .userNotFound, .userAlreadyExists, .invalidGrant, .expiredToken, .expiredRefreshToken,
        .credentialRequired, .attributesRequired, .verificationRequired, .accessDenied,
        .invalidScope, .unsupportedGrantType, .serverError, .authorizationPending, .slowDown,
        .unsupportedAuthMethod, .authNotSupported,
    ]

    public var wireValue: String {
        switch self {
        case .invalidRequest: "invalid_request"
        case .unauthorizedClient: "unauthorized_client"
        case .invalidClient: "invalid_client"
        case .unsupportedChallengeType: "unsupported_challenge_type"
        case .userNotFound: "user_not_found"
        case .userAlreadyExists: "user_already_exists"
        case .invalidGrant: "invalid_grant"
        case .expiredToken: "expired_token"
        case .expiredRefreshToken: "expired_refresh_token"
        case .credentialRequired: "credential_required"
        case .attributesRequired: "attributes_required"
        case .verificationRequired: "verification_required"
        case .accessDenied: "access_denied"
        case .invalidScope: "invalid_scope"
        case .unsupportedGrantType: "unsupported_grant_type"
        case .serverError: "server_error"
        case .authorizationPending: "authorization_pending"
        case .slowDown: "slow_down"
        case .unsupportedAuthMethod: "unsupported_auth_method"
        case .authNotSupported: "auth_not_supported"
        case .unknown(let value): value
        }
    }
}
