/// The three flows a user can start from the home menu.
public enum FlowKind: Sendable, Equatable {
    /// With a password or a one-time code (docs/protocol.md §N3).
    case signIn
    /// An email-verified account, with or without a password (docs/protocol.md §N4).
    case signUp
    /// Self-service password reset, for accounts with a password (docs/protocol.md §N5).
    case resetPassword
}

/// The flow in progress and the email it started with, kept so the flow can restart from its first
/// screen with the email filled in (an expired session, "restart").
public struct FlowOrigin: Sendable, Equatable {
    /// Which first screen a restart returns to.
    public var kind: FlowKind
    /// The email the flow was started with, filled in again on restart.
    public var email: String
    /// The sign-up or reset is done and the sign-in that follows it has begun: going back starts a
    /// sign-in for the email, since the finished flow cannot (and must not) run again.
    public var signingIn: Bool

    /// The flow `kind`, started with `email`.
    public init(kind: FlowKind, email: String, signingIn: Bool = false) {
        self.kind = kind
        self.email = email
        self.signingIn = signingIn
    }
}
