/// A screen that only asks for an email (password reset start).
public struct EmailForm: Sendable, Equatable {
    /// As typed; trimmed and checked for the shape `local@domain` on submit.
    public var email: String
    /// Shown on the email field: a local check, or the service's answer (no such account, no password, bad input).
    public var emailError: String?
    /// A message for the whole form, e.g. why the flow restarted.
    public var message: String?

    /// An empty form by default; a restart fills `email` and `message`.
    public init(email: String = "", emailError: String? = nil, message: String? = nil) {
        self.email = email
        self.emailError = emailError
        self.message = message
    }
}
