/// Which flow is choosing a password.
public enum PasswordPurpose: Sendable, Equatable {
    /// Sign-up's `credential_required` step.
    case signUp
    case resetPassword
}

/// New password with confirmation; the server's password suberror lands on `passwordError`.
public struct NewPasswordForm: Sendable, Equatable {
    public var purpose: PasswordPurpose
    public var password: String
    public var confirmPassword: String
    public var passwordError: String?
    public var confirmError: String?

    public init(purpose: PasswordPurpose, password: String = "", confirmPassword: String = "",
                passwordError: String? = nil, confirmError: String? = nil) {
        self.purpose = purpose
        self.password = password
        self.confirmPassword = confirmPassword
        self.passwordError = passwordError
        self.confirmError = confirmError
    }
}
