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
    /// `mfa_required` and `registration_required` (from `/token`, with a new token), `provider_blocked_by_rep`
    /// (number judged risky, AADSTS550024), `provider_blocked_by_admin` (admin blocked the region).
    case mfaRequired, registrationRequired, providerBlockedByRep, providerBlockedByAdmin
    /// `nativeauthapi_disabled`: native auth is off for the app (with `invalid_client`).
    case nativeAuthAPIDisabled
    /// Any other suberror string, kept as sent.
    case unknown(String)

    /// The fourteen documented suberrors (docs/protocol.md §N2).
    public static let known: [Suberror] = [
        .passwordTooWeak, .passwordTooShort, .passwordTooLong, .passwordRecentlyUsed, .passwordBanned,
        .passwordIsInvalid, .attributeValidationFailed, .invalidOOBValue, .introspectRequired,
        .mfaRequired, .registrationRequired, .providerBlockedByRep, .providerBlockedByAdmin,
        .nativeAuthAPIDisabled,
    ]

    /// The `suberror` string, e.g. `invalid_oob_value`.
    public var wireValue: String {
        switch self {
        case .passwordTooWeak: "password_too_weak"
        case .passwordTooShort: "password_too_short"
        case .passwordTooLong: "password_too_long"
        case .passwordRecentlyUsed: "password_recently_used"
        case .passwordBanned: "password_banned"
        case .passwordIsInvalid: "password_is_invalid"
        case .attributeValidationFailed: "attribute_validation_failed"
        case .invalidOOBValue: "invalid_oob_value"
        case .introspectRequired: "introspect_required"
        case .mfaRequired: "mfa_required"
        case .registrationRequired: "registration_required"
        case .providerBlockedByRep: "provider_blocked_by_rep"
        case .providerBlockedByAdmin: "provider_blocked_by_admin"
        case .nativeAuthAPIDisabled: "nativeauthapi_disabled"
        case .unknown(let value): value
        }
    }
}
