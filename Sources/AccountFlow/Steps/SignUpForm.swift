import TophhieCloudAuthentication

/// The sign-up start screen: email, the password when the console creates password accounts, and the
/// attributes the operator sends up front.
public struct SignUpForm: Sendable, Equatable {
    /// As typed; trimmed and checked for the shape `local@domain` on submit.
    public var email: String
    /// Present only when ``FlowSettings/passwordAccounts`` is on.
    public var password: String
    /// Must equal `password`; checked when left and on submit. Secret.
    public var confirmPassword: String
    /// Fields for ``FlowSettings/upFrontAttributes``, sent with `/signup/v1.0/start` when filled (optional
    /// attributes are accepted only there); a required one left empty is asked for after the code.
    public var attributes: AttributeForm
    /// A local check, or `user_already_exists` (sign-up may say an account exists; sign-in never does).
    public var emailError: String?
    /// The server said an account with this email exists: Sign in and Reset password are offered for it
    /// until the email changes (field case 014, docs/field-cases.md).
    public var accountExists: Bool
    /// A missing password, or the server's password-policy suberror.
    public var passwordError: String?
    /// Set when the confirmation differs from the password.
    public var confirmError: String?
    /// A message for the whole form: the service refused the input, or why the flow restarted.
    public var message: String?

    /// A form with these values; ``init(settings:email:)`` builds the empty one.
    public init(email: String = "", password: String = "", confirmPassword: String = "",
                attributes: AttributeForm, emailError: String? = nil, accountExists: Bool = false, passwordError: String? = nil,
                confirmError: String? = nil, message: String? = nil) {
        self.email = email
        self.password = password
        self.confirmPassword = confirmPassword
        self.attributes = attributes
        self.emailError = emailError
        self.accountExists = accountExists
        self.passwordError = passwordError
        self.confirmError = confirmError
        self.message = message
    }

    /// An empty form for `settings`.
    public init(settings: FlowSettings, email: String = "") {
        // What is left empty here the server asks for after the code, if the tenant requires it.
        self.init(email: email, attributes: AttributeForm(settings.upFrontAttributes, askedLater: true))
    }
}
