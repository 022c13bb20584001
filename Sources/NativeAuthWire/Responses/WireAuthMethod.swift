/// One strong authentication method in an introspect answer (`methods[]`).
///
/// For MFA (`/oauth2/v2.0/introspect`) `id` is opaque and `login_hint` masked; for registration
/// (`/register/v1.0/introspect`) ids are fixed keys (`email`, `sms`) and `login_hint` may be the
/// unmasked sign-up email, or absent. Source: native-auth API reference §3.6 step A, §3.7 step A.
public struct WireAuthMethod: Codable, Sendable, Hashable {
    public var id: String
    public var challengeType: ChallengeType
    public var challengeChannel: ChallengeChannel
    public var loginHint: String?

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
