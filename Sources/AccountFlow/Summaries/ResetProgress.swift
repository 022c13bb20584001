/// What a password-reset step answered (API reference §5.3–§5.5).
public enum ResetProgress: Sendable, Equatable {
    /// The code was accepted: ask for the new password.
    case newPasswordRequired
    /// The new password is in force; sign-in with the continuation token is possible.
    case passwordChanged
}
