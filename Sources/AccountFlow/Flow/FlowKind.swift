/// The three flows a user can start from the home menu.
public enum FlowKind: Sendable, Equatable {
    case signIn
    case signUp
    case resetPassword
}

/// The flow in progress and the email it started with, kept so the flow can restart from its first
/// screen with the email filled in (an expired session, "restart").
public struct FlowOrigin: Sendable, Equatable {
    public var kind: FlowKind
    public var email: String
    /// The sign-up or reset is done and the sign-in that follows it has begun: going back starts a
    /// sign-in for the email, since the finished flow cannot (and must not) run again.
    public var signingIn: Bool

    public init(kind: FlowKind, email: String, signingIn: Bool = false) {
        self.kind = kind
        self.email = email
        self.signingIn = signingIn
    }
}
