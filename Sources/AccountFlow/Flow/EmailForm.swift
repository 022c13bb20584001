/// A screen that only asks for an email (password reset start).
public struct EmailForm: Sendable, Equatable {
    public var email: String
    public var emailError: String?
    public var message: String?

    public init(email: String = "", emailError: String? = nil, message: String? = nil) {
        self.email = email
        self.emailError = emailError
        self.message = message
    }
}
