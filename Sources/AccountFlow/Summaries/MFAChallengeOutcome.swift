import TophhieCloudAuthentication

/// What an MFA challenge request answered (mirrors `MFAChallengeResult`, docs/protocol.md §N3.6).
public enum MFAChallengeOutcome: Sendable, Equatable {
    /// A code went to the picked method (docs/protocol.md §N3.6 step B).
    case codeSent(CodeDelivery)
    /// The user must pick one of these methods.
    case selectionRequired([AuthMethod])
}
