/// The sign-in start screen: email, an optional password, and "use a one-time code instead".
public struct SignInForm: Sendable, Equatable {
    /// As typed; trimmed and checked for the shape `local@domain` on submit.
    public var email: String
    /// Empty asks for a one-time code; cleared when the user chooses a code instead. Secret.
    public var password: String
    /// The server said this account has a password (`NativeAuthError.passwordRequired`).
    public var passwordRequired: Bool
    /// Shown on the email field: a local check, or the service refused the input.
    public var emailError: String?
    /// Set when the account needs a password and none was typed.
    public var passwordError: String?
    /// A message for the whole form, e.g. the single "couldn't sign you in" message.
    public var message: String?

    /// An empty form by default; a restart fills `email` and `message`.
    public init(email: String = "", password: String = "", passwordRequired: Bool = false,
                emailError: String? = nil, passwordError: String? = nil, message: String? = nil) {
        self.email = email
        self.password = password
        self.passwordRequired = passwordRequired
        self.emailError = emailError
        self.passwordError = passwordError
        self.message = message
    }

    /// The one message for "no such user" and "wrong password": no account enumeration.
    public static let credentialsRejected = "We couldn't sign you in with those details. Check the email and password."
}
