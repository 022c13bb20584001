/// The sign-in start screen: email, an optional password, and "use a one-time code instead".
public struct SignInForm: Sendable, Equatable {
    public var email: String
    public var password: String
    /// The server said this account has a password (`NativeAuthError.passwordRequired`).
    public var passwordRequired: Bool
    public var emailError: String?
    public var passwordError: String?
    /// A message for the whole form, e.g. the single "couldn't sign you in" message.
    public var message: String?

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
