/// The raw JSON of a success (HTTP 200) answer of any endpoint: every documented field, all optional.
///
/// Unknown fields of any JSON type are ignored. The validators (`ResponseValidator`) decide which
/// fields an endpoint requires. The emulator encodes its answers with the same type, so nil fields are
/// omitted. Source: docs/protocol.md §N3–§N6 (success bodies).
public struct ResponseBody: Codable, Sendable, Equatable {
    /// `continuation_token`: the token for the flow's next call; `ResponseValidator` knows where it is required.
    public var continuationToken: String?
    /// `challenge_type`: `redirect` (checked first, docs/protocol.md §N1.6), `oob`, `password`, or `preverified` (register only).
    public var challengeType: ChallengeType?
    /// `redirect_reason`: optional text with a redirect, e.g. a missing capability.
    public var redirectReason: String?
    /// `binding_method` of an `oob` challenge; `prompt` is the only value in use (docs/protocol.md §N2).
    public var bindingMethod: String?
    /// `challenge_channel` of an `oob` challenge: `email` or `sms`.
    public var challengeChannel: ChallengeChannel?
    /// Masked address of a sign-in / sign-up / reset challenge (`challenge_target_label`).
    public var challengeTargetLabel: String?
    /// Echo of the contact on `/register/v1.0/challenge` (`challenge_target`, not `_label`).
    public var challengeTarget: String?
    /// `code_length`: the one-time code's length; docs show 8, the mock API 6 or 8, so never hard-code it (docs/protocol.md §N8).
    public var codeLength: Int?
    /// Seconds before a resend is sensible.
    public var interval: Int?
    /// Seconds the continuation token (or access token) stays valid.
    public var expiresIn: Int?
    /// Seconds between `/resetpassword/v1.0/poll_completion` calls.
    public var pollInterval: Int?
    /// `status` of `/resetpassword/v1.0/poll_completion`.
    public var status: PollStatus?
    /// `methods[]` of an introspect answer (docs/protocol.md §N3.6, §N3.7 step A).
    public var methods: [WireAuthMethod]?
    /// `token_type`; the validator requires `Bearer` (docs/protocol.md §N3.4).
    public var tokenType: String?
    /// `scope`: the space-separated scopes granted.
    public var scope: String?
    /// `ext_expires_in` of a token answer (docs/protocol.md §N3.4); the validator does not read it.
    public var extExpiresIn: Int?
    /// `access_token`; required in a token answer.
    public var accessToken: String?
    /// `refresh_token`; present when `offline_access` was requested.
    public var refreshToken: String?
    /// `id_token`, a v2 JWT; present when `openid` was requested.
    public var idToken: String?
    /// `client_info`: base64url JSON with `uid` and `utid`, when `client_info=true` was sent.
    public var clientInfo: String?

    /// Builds a body field by field (the emulator, tests); nil fields are left out when encoded.
    public init(
        continuationToken: String? = nil, challengeType: ChallengeType? = nil, redirectReason: String? = nil,
        bindingMethod: String? = nil, challengeChannel: ChallengeChannel? = nil, challengeTargetLabel: String? = nil,
        challengeTarget: String? = nil, codeLength: Int? = nil, interval: Int? = nil, expiresIn: Int? = nil,
        pollInterval: Int? = nil, status: PollStatus? = nil, methods: [WireAuthMethod]? = nil,
        tokenType: String? = nil, scope: String? = nil, extExpiresIn: Int? = nil, accessToken: String? = nil,
        refreshToken: String? = nil, idToken: String? = nil, clientInfo: String? = nil
    ) {
        self.continuationToken = continuationToken
        self.challengeType = challengeType
        self.redirectReason = redirectReason
        self.bindingMethod = bindingMethod
        self.challengeChannel = challengeChannel
        self.challengeTargetLabel = challengeTargetLabel
        self.challengeTarget = challengeTarget
        self.codeLength = codeLength
        self.interval = interval
        self.expiresIn = expiresIn
        self.pollInterval = pollInterval
        self.status = status
        self.methods = methods
        self.tokenType = tokenType
        self.scope = scope
        self.extExpiresIn = extExpiresIn
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.idToken = idToken
        self.clientInfo = clientInfo
    }

    enum CodingKeys: String, CodingKey {
        case continuationToken = "continuation_token", challengeType = "challenge_type"
        case redirectReason = "redirect_reason", bindingMethod = "binding_method"
        case challengeChannel = "challenge_channel", challengeTargetLabel = "challenge_target_label"
        case challengeTarget = "challenge_target", codeLength = "code_length", interval
        case expiresIn = "expires_in", pollInterval = "poll_interval", status, methods
        case tokenType = "token_type", scope, extExpiresIn = "ext_expires_in", accessToken = "access_token"
        case refreshToken = "refresh_token", idToken = "id_token", clientInfo = "client_info"
    }
}
