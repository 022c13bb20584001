/// A strong authentication method: a registered MFA method, or one the tenant offers for registration.
///
/// `id` is opaque for MFA (from `/oauth2/v2.0/introspect`) and a fixed key (`email`, `sms`) for
/// registration (from `/register/v1.0/introspect`). `loginHint` is masked for MFA and may be the
/// unmasked sign-up email (or absent) for registration.
/// Source: native-auth API reference §3.6 step A, §3.7 step A.
public struct AuthMethod: Sendable, Hashable, Identifiable {
    public var id: String
    public var channel: ChallengeChannel
    public var challengeType: ChallengeType
    public var loginHint: String?

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
