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
