/// What a password-reset step answered (docs/protocol.md §N5.3–§N5.5).
public enum ResetProgress: Sendable, Equatable {
    /// The code was accepted: ask for the new password.
    case newPasswordRequired
    /// The new password is in force; sign-in with the continuation token is possible.
    case passwordChanged
}
