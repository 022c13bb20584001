/// The raw JSON of a success (HTTP 200) answer of any endpoint: every documented field, all optional.
///
/// Unknown fields of any JSON type are ignored. The validators (`ResponseValidator`) decide which
/// fields an endpoint requires. The emulator encodes its answers with the same type, so nil fields are
/// omitted. Source: native-auth API reference §3–§6 (success bodies).
public struct ResponseBody: Codable, Sendable, Equatable {
    public var continuationToken: String?
    public var challengeType: ChallengeType?
    public var redirectReason: String?
    public var bindingMethod: String?
    public var challengeChannel: ChallengeChannel?
    /// Masked address of a sign-in / sign-up / reset challenge (`challenge_target_label`).
    public var challengeTargetLabel: String?
    /// Echo of the contact on `/register/v1.0/challenge` (`challenge_target`, not `_label`).
    public var challengeTarget: String?
    public var codeLength: Int?
    /// Seconds before a resend is sensible.
    public var interval: Int?
    /// Seconds the continuation token (or access token) stays valid.
    public var expiresIn: Int?
    /// Seconds between `/resetpassword/v1.0/poll_completion` calls.
    public var pollInterval: Int?
    public var status: PollStatus?
    public var methods: [WireAuthMethod]?
    public var tokenType: String?
    public var scope: String?
    public var extExpiresIn: Int?
    public var accessToken: String?
    public var refreshToken: String?
    public var idToken: String?
    public var clientInfo: String?

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
