/// What a sign-out did: whose account left the console, and how to end the tenant's browser session too.
public struct SignOutSummary: Sendable, Equatable {
    /// The account signed out (`preferred_username`), when known.
    public var username: String?
    /// The tenant's end-session URL (`end_session_endpoint`, with `post_logout_redirect_uri` when set);
    /// `nil` when the tenant publishes none.
    public var endSessionURL: String?
    /// Accounts still in the token cache after this one was removed.
    public var remainingAccounts: Int

    /// Memberwise; by default no end-session URL and no other account.
    public init(username: String?, endSessionURL: String? = nil, remainingAccounts: Int = 0) {
        self.username = username
        self.endSessionURL = endSessionURL
        self.remainingAccounts = remainingAccounts
    }
}
