import TophhieCloudAuthentication

/// The sign-up start screen: email, the password when the console creates password accounts, and the
/// attributes the operator sends up front.
public struct SignUpForm: Sendable, Equatable {
    public var email: String
    /// Present only when ``FlowSettings/passwordAccounts`` is on.
    public var password: String
    public var confirmPassword: String
    public var attributes: AttributeForm
    public var emailError: String?
    public var passwordError: String?
    public var confirmError: String?
    public var message: String?

    public init(email: String = "", password: String = "", confirmPassword: String = "",
                attributes: AttributeForm, emailError: String? = nil, passwordError: String? = nil,
                confirmError: String? = nil, message: String? = nil) {
        self.email = email
        self.password = password
        self.confirmPassword = confirmPassword
        self.attributes = attributes
        self.emailError = emailError
        self.passwordError = passwordError
        self.confirmError = confirmError
        self.message = message
    }

    /// An empty form for `settings`.
    public init(settings: FlowSettings, email: String = "") {
        self.init(email: email, attributes: AttributeForm(settings.upFrontAttributes))
    }
}
