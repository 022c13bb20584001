/// The one field before the sign-in history: whose sign-ins to read.
public struct HistoryUserForm: Sendable, Equatable {
    /// A user principal name or object id; the signed-in account's username by default.
    public var user: String
    /// Why it cannot be sent (empty).
    public var userError: String?

    /// A form holding `user`, with no error.
    public init(user: String = "", userError: String? = nil) {
        self.user = user
        self.userError = userError
    }
}
