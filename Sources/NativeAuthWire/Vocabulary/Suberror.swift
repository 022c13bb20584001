/// The `suberror` field: refines `error` (password policy, code, MFA, attributes, blocked method…).
///
/// Source: native-auth API reference §2 and §7.2.
public enum Suberror: WireVocabulary {
    case passwordTooWeak, passwordTooShort, passwordTooLong, passwordRecentlyUsed, passwordBanned
    case passwordIsInvalid, attributeValidationFailed, invalidOOBValue, introspectRequired
    case mfaRequired, registrationRequired, providerBlockedByRep, providerBlockedByAdmin
    case nativeAuthAPIDisabled
    case unknown(String)

    public static let known: [Suberror] = [
        .passwordTooWeak, .passwordTooShort, .passwordTooLong, .passwordRecentlyUsed, .passwordBanned,
        .passwordIsInvalid, .attributeValidationFailed, .invalidOOBValue, .introspectRequired,
        .mfaRequired, .registrationRequired, .providerBlockedByRep, .providerBlockedByAdmin,
        .nativeAuthAPIDisabled,
    ]

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

    /// Whether this is one of the six password-policy suberrors (§7.2).
    public var isPasswordPolicy: Bool {
        switch self {
        case .passwordTooWeak, .passwordTooShort, .passwordTooLong, .passwordRecentlyUsed, .passwordBanned,
             .passwordIsInvalid: true
        default: false
        }
    }

    /// Whether the server blocked the method or number (SMS fraud protection, admin region block).
    public var isProviderBlocked: Bool { self == .providerBlockedByRep || self == .providerBlockedByAdmin }
}
