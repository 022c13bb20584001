/// A strong authentication method: a registered MFA method, or one the tenant offers for registration.
///
/// `id` is opaque for MFA (from `/oauth2/v2.0/introspect`) and a fixed key (`email`, `sms`) for
/// registration (from `/register/v1.0/introspect`). `loginHint` is masked for MFA and may be the
/// unmasked sign-up email (or absent) for registration.
/// Source: docs/protocol.md §N3.6 step A, §N3.7 step A.
public struct AuthMethod: Sendable, Hashable, Identifiable {
    /// Opaque for MFA (sent back as `id` on the challenge); `email` or `sms` for registration.
    public var id: String
    /// Where codes go: `email` or `sms`.
    public var channel: ChallengeChannel
    /// The method's `challenge_type`, `oob` in documented answers; sent on `/register/v1.0/challenge`.
    public var challengeType: ChallengeType
    /// Masked address or number for MFA; for registration the unmasked sign-up email, or nil.
    public var loginHint: String?

    /// Memberwise; `challengeType` defaults to `oob`, `loginHint` to nil.
    public init(id: String, channel: ChallengeChannel, challengeType: ChallengeType = .oob, loginHint: String? = nil) {
        self.id = id
        self.channel = channel
        self.challengeType = challengeType
        self.loginHint = loginHint
    }

    init(_ wire: WireAuthMethod) {
        self.init(id: wire.id, channel: wire.challengeChannel, challengeType: wire.challengeType, loginHint: wire.loginHint)
    }
}

/// A method registered for MFA (seed API name).
public typealias MFAMethod = AuthMethod
/// A method the tenant offers for strong-auth registration (seed API name).
public typealias StrongAuthMethod = AuthMethod
