/// A scripted request that failed: its latency label and why (a wrong answer or a broken connection).
public struct StepFailure: Error, Sendable, CustomStringConvertible {
    /// The step's label, e.g. `oauth2/challenge`.
    public let label: String
    /// What happened, without secrets.
    public let reason: String
    /// Whether the connection itself broke (the client stops: every later request would fail the same way).
    public let connectionLost: Bool

    /// `oauth2/challenge: expected passwordRequired, got HTTP 400 …`.
    public var description: String { "\(label): \(reason)" }
}
