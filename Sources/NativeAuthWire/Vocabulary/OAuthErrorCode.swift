/// The `error` field of an error envelope: the primary switch for every error answer.
///
/// Source: docs/protocol.md §N7.1 (union of the documentation and SDK enums).
public enum OAuthErrorCode: WireVocabulary {
    /// `invalid_request` (bad or missing parameter or token), `unauthorized_client` (client id unknown to the
    /// tenant), `invalid_client` (not a public client, or native auth off), `unsupported_challenge_type`
    /// (`redirect` missing from `challenge_type`).
    case invalidRequest, unauthorizedClient, invalidClient, unsupportedChallengeType
    /// `user_not_found`, `invalid_grant` (wrong credential or token; see `suberror`), `expired_token` (continuation
    /// token expired: restart the flow), `expired_refresh_token`.
    case userNotFound, invalidGrant, expiredToken, expiredRefreshToken
    /// The address given belongs to another account: one meaning for every flow that takes an address, so the
    /// classifier, the trace and the device-code poll take a new flow's word without an arm of their own.
    case addressTaken(AddressTaken)
    /// `credential_required` (sign-up needs a password), `attributes_required`, `verification_required`
    /// (sign-up or reset continue; MSAL does not handle it), `access_denied` (method or number blocked).
    case credentialRequired, attributesRequired, verificationRequired, accessDenied
    /// `invalid_scope`, `unsupported_grant_type`, `server_error` (introspect), `authorization_pending` and
    /// `slow_down` (decoded by MSAL iOS; unused by current flows).
    case invalidScope, unsupportedGrantType, serverError, authorizationPending, slowDown
    /// `unsupported_auth_method` / `auth_not_supported`: sign-up start for a method the tenant does not support.
    case unsupportedAuthMethod, authNotSupported
    /// Any other `error` string, kept as sent.
    case unknown(String)

    /// The words for an address that belongs to another account.
    public enum AddressTaken: Sendable, Hashable, CaseIterable {
        /// `user_already_exists` (AADSTS1003037): sign-up for an existing account.
        case userAlreadyExists
    }

    /// Every documented `error` string (docs/protocol.md §N7.1).
    public enum Known: String, CaseIterable, Sendable {
        case invalidRequest = "invalid_request"
        case unauthorizedClient = "unauthorized_client"
        case invalidClient = "invalid_client"
        case unsupportedChallengeType = "unsupported_challenge_type"
        case userNotFound = "user_not_found"
        case userAlreadyExists = "user_already_exists"
        case invalidGrant = "invalid_grant"
        case expiredToken = "expired_token"
        case expiredRefreshToken = "expired_refresh_token"
        case credentialRequired = "credential_required"
        case attributesRequired = "attributes_required"
        case verificationRequired = "verification_required"
        case accessDenied = "access_denied"
        case invalidScope = "invalid_scope"
        case unsupportedGrantType = "unsupported_grant_type"
        case serverError = "server_error"
        case authorizationPending = "authorization_pending"
        case slowDown = "slow_down"
        case unsupportedAuthMethod = "unsupported_auth_method"
        case authNotSupported = "auth_not_supported"
    }

    /// The case for a documented wire string.
    public init(_ known: Known) {
        self = switch known {
        case .invalidRequest: .invalidRequest
        case .unauthorizedClient: .unauthorizedClient
        case .invalidClient: .invalidClient
        case .unsupportedChallengeType: .unsupportedChallengeType
        case .userNotFound: .userNotFound
        case .userAlreadyExists: .addressTaken(.userAlreadyExists)
        case .invalidGrant: .invalidGrant
        case .expiredToken: .expiredToken
        case .expiredRefreshToken: .expiredRefreshToken
        case .credentialRequired: .credentialRequired
        case .attributesRequired: .attributesRequired
        case .verificationRequired: .verificationRequired
        case .accessDenied: .accessDenied
        case .invalidScope: .invalidScope
        case .unsupportedGrantType: .unsupportedGrantType
        case .serverError: .serverError
        case .authorizationPending: .authorizationPending
        case .slowDown: .slowDown
        case .unsupportedAuthMethod: .unsupportedAuthMethod
        case .authNotSupported: .authNotSupported
        }
    }
}
