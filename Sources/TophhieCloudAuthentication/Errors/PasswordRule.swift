/// Which password rule the server applied (the password-policy suberrors).
///
/// Source: docs/protocol.md §N7.2.
public enum PasswordRule: Sendable, Equatable {
    /// `password_too_weak`, `_too_short` (under 8 characters), `_too_long` (over 256), `_recently_used`,
    /// `_banned`; `invalid` for `password_is_invalid` and any other suberror (docs/protocol.md §N4.1).
    case tooWeak, tooShort, tooLong, recentlyUsed, banned, invalid

    init(_ suberror: Suberror) {
        switch suberror {
        case .passwordTooWeak: self = .tooWeak
        case .passwordTooShort: self = .tooShort
        case .passwordTooLong: self = .tooLong
        case .passwordRecentlyUsed: self = .recentlyUsed
        case .passwordBanned: self = .banned
        case .passwordIsInvalid, .attributeValidationFailed, .invalidOOBValue, .introspectRequired, .step,
             .providerBlockedByRep, .providerBlockedByAdmin, .nativeAuthAPIDisabled, .unknown:
            self = .invalid
        }
    }

    /// A sentence for the person choosing the password.
    public var message: String {
        switch self {
        case .tooWeak: "That password is too weak. Use a longer one with a mix of letters, digits and symbols."
        case .tooShort: "That password is too short."
        case .tooLong: "That password is too long."
        case .recentlyUsed: "That password was used recently. Choose a new one."
        case .banned: "That password is too common. Choose another."
        case .invalid: "That password is not allowed. Choose another."
        }
    }
}
