/// Which flow is choosing a password.
public enum PasswordPurpose: Sendable, Equatable {
    /// Sign-up's `credential_required` step.
    case signUp
    /// The reset's new password, sent to `/resetpassword/v1.0/submit` (docs/protocol.md §N5.4).
    case resetPassword
}

/// New password with confirmation; the server's password suberror lands on `passwordError`.
public struct NewPasswordForm: Sendable, Equatable {
    /// Decides the effect: `submitSignUpPassword` or `submitNewPassword`.
    public var purpose: PasswordPurpose
    /// As typed; no local length limit (the tenant's policy answers). Secret.
    public var password: String
    /// Must equal `password` before the form is sent. Secret.
    public var confirmPassword: String
    /// A missing password, or the server's refusal (a password-policy suberror such as `password_too_weak`).
    public var passwordError: String?
    /// Set when the confirmation differs from the password.
    public var confirmError: String?

    /// An empty form by default; `passwordError` carries a refusal when a reset comes back here.
    public init(purpose: PasswordPurpose, password: String = "", confirmPassword: String = "",
                passwordError: String? = nil, confirmError: String? = nil) {
        self.purpose = purpose
        self.password = password
        self.confirmPassword = confirmPassword
        self.passwordError = passwordError
        self.confirmError = confirmError
    }
}
