/// One strong authentication method in an introspect answer (`methods[]`).
///
/// For MFA (`/oauth2/v2.0/introspect`) `id` is opaque and `login_hint` masked; for registration
/// (`/register/v1.0/introspect`) ids are fixed keys (`email`, `sms`) and `login_hint` may be the
/// unmasked sign-up email, or absent. Source: docs/protocol.md §N3.6 step A, §N3.7 step A.
public struct WireAuthMethod: Codable, Sendable, Hashable {
    /// `id`: opaque for MFA (sent back as `id` on the challenge), `email` or `sms` for registration.
    public var id: String
    /// `challenge_type`; `oob` in the documented answers.
    public var challengeType: ChallengeType
    /// `challenge_channel`: `email` or `sms`.
    public var challengeChannel: ChallengeChannel
    /// `login_hint`: masked address or number for MFA; for registration the unmasked sign-up email, or absent.
    public var loginHint: String?

    /// Builds a method from its wire fields; a nil `loginHint` leaves `login_hint` out.
    public init(id: String, challengeType: ChallengeType, challengeChannel: ChallengeChannel, loginHint: String?) {
        self.id = id
        self.challengeType = challengeType
        self.challengeChannel = challengeChannel
        self.loginHint = loginHint
    }

    enum CodingKeys: String, CodingKey {
        case id, challengeType = "challenge_type", challengeChannel = "challenge_channel", loginHint = "login_hint"
    }
}
