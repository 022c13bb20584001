import TophhieCloudAuthentication

/// What a strong-auth registration request answered (mirrors `StrongAuthChallengeResult`, docs/protocol.md §N3.7).
public enum RegistrationOutcome: Sendable, Equatable {
    /// A code went to the contact being registered (docs/protocol.md §N3.7 step B).
    case codeSent(CodeDelivery)
    /// `preverified`: the contact was accepted without a new code and the user is signed in.
    case completed(SignedInAccount)
}
