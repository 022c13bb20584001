/// Where a one-time code went, as the latest challenge (or resend) said.
///
/// Source: docs/protocol.md §N3.2 (oob shape), §N3.7 step B, §N4.2, §N5.2.
public struct CodeDelivery: Sendable, Hashable {
    /// The masked address or number (`challenge_target_label`, or `challenge_target` on registration).
    public var sentTo: String
    /// `email` or `sms` (`challenge_channel`).
    public var channel: ChallengeChannel
    /// Digits in the code (`code_length`).
    public var codeLength: Int
    /// Seconds the server asks to wait before another resend (`interval`), when it says.
    public var resendInterval: Int?

    /// Builds a delivery by hand (tests, or a runner replaying a known step).
    public init(sentTo: String, channel: ChallengeChannel, codeLength: Int, resendInterval: Int?) {
        self.sentTo = sentTo
        self.channel = channel
        self.codeLength = codeLength
        self.resendInterval = resendInterval
    }

    init(_ challenge: CodeChallenge) {
        sentTo = challenge.sentTo
        channel = challenge.channel
        codeLength = challenge.codeLength
        resendInterval = challenge.resendInterval
    }
}
