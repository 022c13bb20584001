import Foundation
import TophhieCloudAuthentication

/// A completed sign-in as the console may keep it: the account and token lifetimes, never the tokens.
///
/// Built from `TophhieAuthResult` (docs/protocol.md §N3.4); the runner keeps the refresh token in
/// memory, the flow only ever sees this summary.
public struct SignedInAccount: Sendable, Equatable {
    /// `preferred_username`, else `email`, else the username used to sign in.
    public var username: String?
    /// The id token's `name` claim.
    public var displayName: String?
    /// `oid` (else `client_info.uid`, else `sub`).
    public var objectID: String?
    /// `tid` (else `client_info.utid`).
    public var tenantID: String?
    /// Every decoded id-token claim, as text.
    public var claims: [String: String]
    /// When the access token expires.
    public var accessTokenExpiresOn: Date
    /// Scopes granted.
    public var scopes: [String]
    /// Whether the runner holds a refresh token for this sign-in (the `offline_access` scope was granted).
    public var canRefresh: Bool
    /// When these lifetimes came from a refresh on the account screen (the last tick's time), so the
    /// screen can confirm it; nil for a sign-in's own.
    public var refreshedAt: Date?
    /// How the account came to the console. The flow sets it for interactive sign-ins, restored and
    /// switched accounts, and keeps it across refreshes.
    public var source: AccountSource
    /// Accounts in the token cache, this one included (at least 1); "Switch account" needs 2 or more.
    public var cachedAccountCount: Int
    /// The token cache file the tokens are kept in; `nil` when they are kept in memory only.
    public var tokenStore: String?

    /// Memberwise; by default no refresh token, a native sign-in, one account, tokens in memory only.
    public init(
        username: String?, displayName: String?, objectID: String?, tenantID: String?,
        claims: [String: String], accessTokenExpiresOn: Date, scopes: [String], canRefresh: Bool = false,
        source: AccountSource = .nativeSignIn, cachedAccountCount: Int = 1, tokenStore: String? = nil
    ) {
        self.username = username
        self.displayName = displayName
        self.objectID = objectID
        self.tenantID = tenantID
        self.claims = claims
        self.accessTokenExpiresOn = accessTokenExpiresOn
        self.scopes = scopes
        self.canRefresh = canRefresh
        self.source = source
        self.cachedAccountCount = cachedAccountCount
        self.tokenStore = tokenStore
    }

    /// The summary of `result`, dropping its id, access and refresh tokens.
    /// - Parameters:
    ///   - result: a completed sign-in or refresh.
    ///   - cachedAccountCount: accounts in the token cache, this one included.
    ///   - tokenStore: the token cache file's path; `nil` for memory only.
    public init(_ result: TophhieAuthResult, cachedAccountCount: Int = 1, tokenStore: String? = nil) {
        self.init(
            username: result.account.username, displayName: result.account.displayName,
            objectID: result.account.objectID, tenantID: result.account.tenantID, claims: result.account.claims,
            accessTokenExpiresOn: result.expiresOn, scopes: result.scopes, canRefresh: result.refreshToken != nil,
            cachedAccountCount: cachedAccountCount, tokenStore: tokenStore)
    }

    /// When the id token expires (its `exp` claim, seconds since 1970), when present.
    public var idTokenExpiresOn: Date? {
        claims["exp"].flatMap(TimeInterval.init).map(Date.init(timeIntervalSince1970:))
    }
}
