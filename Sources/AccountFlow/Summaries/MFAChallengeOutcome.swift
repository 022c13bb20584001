import TophhieCloudAuthentication

/// What an MFA challenge request answered (mirrors `MFAChallengeResult`, API reference §3.6).
public enum MFAChallengeOutcome: Sendable, Equatable {
    case codeSent(CodeDelivery)
    /// The user must pick one of these methods.
    case selectionRequired([AuthMethod])
}
