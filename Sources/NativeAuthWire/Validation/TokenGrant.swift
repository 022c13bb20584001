import Secrets

/// A token endpoint's answer (`/oauth2/v2.0/token`, any grant): what the framework signs in with and what the token
/// cache stores. The one type for it, native and interactive alike.
///
/// Native answers are validated (`access_token` required, `token_type` `Bearer`, `expires_in` positive, as MSAL JS
/// insists); `id_token` and `refresh_token` come with the `openid` / `offline_access` scopes. The tokens are
/// ``Secret``s: printing or dumping a grant never shows one.
/// Source: docs/protocol.md §N3.4 (native), §I2.2 (successful token response), §I1.4 (`client_info`).
public struct TokenGrant: Sendable, Hashable {
    /// `access_token`; never empty.
    public var accessToken: Secret
    /// `refresh_token`; nil when the answer had none (it needs `offline_access`).
    public var refreshToken: Secret?
    /// `id_token` (a v2 JWT); nil when the answer had none (it needs `openid`).
    public var idToken: Secret?
    /// `client_info`: base64url JSON `{"uid", "utid"}`; the account's `home_account_id` is `"uid.utid"`.
    public var clientInfo: String?
    /// `scope`: space-separated scopes granted, as the server sent them (may be empty).
    public var scope: String
    /// `expires_in`: seconds the access token is valid, from the time the answer was received.
    public var expiresIn: Int
    /// `ext_expires_in`, seconds; nil means the same as `expiresIn`.
    public var extExpiresIn: Int?
    /// `refresh_in`, seconds (proactive refresh hint); nil when not sent.
    public var refreshIn: Int?
    /// `token_type`, `"Bearer"` unless the server said otherwise.
    public var tokenType: String

    /// Memberwise, with the optional fields absent and `tokenType` `"Bearer"` by default; seconds for the lifetimes.
    public init(accessToken: Secret, refreshToken: Secret? = nil, idToken: Secret? = nil, clientInfo: String? = nil,
                scope: String, expiresIn: Int, extExpiresIn: Int? = nil, refreshIn: Int? = nil, tokenType: String = "Bearer") {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.idToken = idToken
        self.clientInfo = clientInfo
        self.scope = scope
        self.expiresIn = expiresIn
        self.extExpiresIn = extExpiresIn
        self.refreshIn = refreshIn
        self.tokenType = tokenType
    }

}
