/// A validated token answer of `/oauth2/v2.0/token`.
///
/// `access_token` is required, `token_type` must be `Bearer` and `expires_in` positive (as MSAL JS
/// insists); `id_token` and `refresh_token` come with the `openid` / `offline_access` scopes.
/// Source: docs/protocol.md §N3.4.
public struct TokenGrant: Sendable, Hashable {
    /// `access_token`; never empty.
    public var accessToken: String
    /// `id_token` (a v2 JWT), when `openid` was requested.
    public var idToken: String?
    /// `refresh_token`, when `offline_access` was requested.
    public var refreshToken: String?
    /// Seconds the access token is valid.
    public var expiresIn: Int
    /// Space-separated scopes granted.
    public var scope: String
    /// base64url JSON `{"uid": …, "utid": …}`.
    public var clientInfo: String?

    /// Memberwise; `expiresIn` in seconds, `scope` space-separated.
    public init(accessToken: String, idToken: String?, refreshToken: String?, expiresIn: Int, scope: String, clientInfo: String?) {
        self.accessToken = accessToken
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        self.scope = scope
        self.clientInfo = clientInfo
    }
}
