/// A one-time code was sent: what the code-entry step needs.
///
/// Source: docs/protocol.md §N3.2 shape 2 (`challenge_target_label`), §N3.7 step B
/// (`challenge_target` on `/register/v1.0/challenge`), docs/protocol.md §N4.2, §N5.2.
public struct CodeChallenge: Sendable, Hashable {
    /// The token for the verify call and for a resend.
    public var continuationToken: String
    /// `challenge_channel`: `email` or `sms`.
    public var channel: ChallengeChannel
    /// Where the code went, as the server shows it (masked, or the echoed contact on registration).
    public var sentTo: String
    /// Digits in the code.
    public var codeLength: Int
    /// Seconds the server asks to wait before a resend (`interval`), when it says.
    public var resendInterval: Int?

    /// Memberwise; `resendInterval` is nil when the server sent no `interval`.
    public init(continuationToken: String, channel: ChallengeChannel, sentTo: String, codeLength: Int, resendInterval: Int?) {
        self.continuationToken = continuationToken
        self.channel = channel
        self.sentTo = sentTo
        self.codeLength = codeLength
        self.resendInterval = resendInterval
    }
}
