/// What a sign-out did: whose account left the console, and how to end the tenant's browser session too.
public struct SignOutSummary: Sendable, Equatable {
    /// The account signed out (`preferred_username`), when known.
    public var username: String?
    /// The tenant's end-session URL (`end_session_endpoint`, with `post_logout_redirect_uri` when set);
    /// `nil` when the tenant publishes none.
    public var endSessionURL: String?
    /// Accounts still in the token cache after this one was removed.
    public var remainingAccounts: Int
    /// The token cache file the account was removed from; `nil` when its tokens were kept in memory only
    /// (nothing was written, so nothing was removed from a file).
    public var tokenStore: String?

    /// Memberwise; by default no end-session URL, no other account, tokens in memory only.
    public init(username: String?, endSessionURL: String? = nil, remainingAccounts: Int = 0, tokenStore: String? = nil) {
        self.username = username
        self.endSessionURL = endSessionURL
        self.remainingAccounts = remainingAccounts
        self.tokenStore = tokenStore
    }
}
