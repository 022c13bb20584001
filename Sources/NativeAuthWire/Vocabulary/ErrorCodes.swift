// The two codes of an error answer, `error` and its refinement `suberror` (`ErrorEnvelope`): a classifier reads
// them together, and a new step's error words are added here side by side.

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

/// The `suberror` field: refines `error` (password policy, code, MFA, attributes, blocked method…).
///
/// Source: docs/protocol.md §N2 and §N7.2.
public enum Suberror: WireVocabulary {
    /// Password policy: too weak (AADSTS399246), shorter than 8 or longer than 256 characters, recently
    /// used, banned (docs/protocol.md §N4.1, §N8).
    case passwordTooWeak, passwordTooShort, passwordTooLong, passwordRecentlyUsed, passwordBanned
    /// `password_is_invalid` (other policy), `attribute_validation_failed` (see `invalid_attributes`),
    /// `invalid_oob_value` (wrong code), `introspect_required` (legacy MFA: call introspect).
    case passwordIsInvalid, attributeValidationFailed, invalidOOBValue, introspectRequired
    /// `provider_blocked_by_rep` (number judged risky, AADSTS550024), `provider_blocked_by_admin` (admin blocked the
    /// region).
    case providerBlockedByRep, providerBlockedByAdmin
    /// A step the tenant asks for with a new continuation token: `ServerError.NextStep` says what follows, and
    /// nothing else that reads suberrors needs to know which step it is.
    case step(Step)
    /// `nativeauthapi_disabled`: native auth is off for the app (with `invalid_client`).
    case nativeAuthAPIDisabled
    /// Any other suberror string, kept as sent.
    case unknown(String)

    /// The suberrors that ask for a step, from `/token` with a new token (docs/protocol.md §N3.5).
    public enum Step: Sendable, Hashable, CaseIterable {
        /// `mfa_required`: a second factor.
        case mfaRequired
        /// `registration_required`: a strong method must be registered first.
        case registrationRequired
    }

    /// The fourteen documented suberrors (docs/protocol.md §N2).
    public enum Known: String, CaseIterable, Sendable {
        case passwordTooWeak = "password_too_weak"
        case passwordTooShort = "password_too_short"
        case passwordTooLong = "password_too_long"
        case passwordRecentlyUsed = "password_recently_used"
        case passwordBanned = "password_banned"
        case passwordIsInvalid = "password_is_invalid"
        case attributeValidationFailed = "attribute_validation_failed"
        case invalidOOBValue = "invalid_oob_value"
        case introspectRequired = "introspect_required"
        case mfaRequired = "mfa_required"
        case registrationRequired = "registration_required"
        case providerBlockedByRep = "provider_blocked_by_rep"
        case providerBlockedByAdmin = "provider_blocked_by_admin"
        case nativeAuthAPIDisabled = "nativeauthapi_disabled"
    }

    /// The case for a documented wire string.
    public init(_ known: Known) {
        self = switch known {
        case .passwordTooWeak: .passwordTooWeak
        case .passwordTooShort: .passwordTooShort
        case .passwordTooLong: .passwordTooLong
        case .passwordRecentlyUsed: .passwordRecentlyUsed
        case .passwordBanned: .passwordBanned
        case .passwordIsInvalid: .passwordIsInvalid
        case .attributeValidationFailed: .attributeValidationFailed
        case .invalidOOBValue: .invalidOOBValue
        case .introspectRequired: .introspectRequired
        case .mfaRequired: .step(.mfaRequired)
        case .registrationRequired: .step(.registrationRequired)
        case .providerBlockedByRep: .providerBlockedByRep
        case .providerBlockedByAdmin: .providerBlockedByAdmin
        case .nativeAuthAPIDisabled: .nativeAuthAPIDisabled
        }
    }
}
