/// A validated token answer of `/oauth2/v2.0/token`.
///
/// `access_token` is required, `token_type` must be `Bearer` and `expires_in` positive (as MSAL JS
/// insists); `id_token` and `refresh_token` come with the `openid` / `offline_access` scopes.
/// Source: native-auth API reference §3.4.
public struct TokenGrant: Sendable, Hashable {
    public var accessToken: String
    public var idToken: String?
    public var refreshToken: String?
    /// Seconds the access token is valid.
    public var expiresIn: Int
    /// Space-separated scopes granted.
    public var scope: String
    /// base64url JSON `{"uid": …, "utid": …}`.
    public var clientInfo: String?

    public init(accessToken: String, idToken: String?, refreshToken: String?, expiresIn: Int, scope: String, clientInfo: String?) {
        self.accessToken = accessToken
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        self.scope = scope
        self.clientInfo = clientInfo
    }
}
