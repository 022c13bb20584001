/// An error that does not belong to a field, with the ways back.
public struct FailureReport: Sendable, Equatable {
    /// A sentence for the user.
    public var message: String
    /// For operators: the server's code, suberror, AADSTS number and correlation id.
    public var detail: String?
    /// The step to return to on "retry", with its input; `nil` when retrying makes no sense.
    public var retryStep: FlowStep?
    /// Offer "reset password" (the server demands a password change).
    public var suggestsPasswordReset: Bool
    /// "Retry" repeats the token refresh that failed rather than only returning to ``retryStep``.
    public var retryRefreshes: Bool
    /// The server said the account exists: offer Sign in and Reset password for its email (field case 014, docs/field-cases.md).
    public var accountExists: Bool
    /// Offer to start this interactive sign-in again (``MenuItem/deviceCodeSignIn``: "Get a new code").
    public var newAttempt: MenuItem?
    /// The server's `Retry-After` (HTTP 429): "Try again" waits for it, counting down on `.tick` events.
    public var retryWait: Countdown?

    /// A report with, by default, no detail, no retry, no reset or sign-in offer, no new attempt and no wait.
    public init(message: String, detail: String? = nil, retryStep: FlowStep? = nil, suggestsPasswordReset: Bool = false,
                accountExists: Bool = false, retryRefreshes: Bool = false, newAttempt: MenuItem? = nil,
                retryWait: Countdown? = nil) {
        self.message = message
        self.detail = detail
        self.retryStep = retryStep
        self.suggestsPasswordReset = suggestsPasswordReset
        self.accountExists = accountExists
        self.retryRefreshes = retryRefreshes
        self.newAttempt = newAttempt
        self.retryWait = retryWait
    }
}
