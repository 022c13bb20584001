import Foundation

/// An `AccessToken` entry of the unified cache.
///
/// `secret` is a ``Secret``: printing or dumping an entry never shows it.
/// Source: docs/protocol.md §I1.3 (AccessToken fields; timestamps are epoch seconds).
public struct CachedAccessToken: Sendable, Hashable {
    /// `secret`: the access token.
    public var secret: Secret
    /// `home_account_id`.
    public var homeAccountID: String
    /// `environment`: authority host.
    public var environment: String
    /// `client_id`: the app ID.
    public var clientID: String
    /// `realm`: tenant ID.
    public var realm: String
    /// `target` split on spaces: the scopes the token is valid for, in the stored order.
    public var scopes: [String]
    /// `cached_at`.
    public var cachedAt: Date
    /// `expires_on`; the Unix epoch when the entry had none (treat as expired).
    public var expiresOn: Date
    /// `extended_expires_on` (legacy `ext_expires_on`), else `expiresOn`.
    public var extendedExpiresOn: Date
    /// `refresh_on`: when to refresh proactively; nil when the server sent no `refresh_in`.
    public var refreshOn: Date?
    /// `token_type`, `"Bearer"` when absent.
    public var tokenType: String

    /// Memberwise.
    public init(secret: Secret, homeAccountID: String, environment: String, clientID: String, realm: String, scopes: [String],
                cachedAt: Date, expiresOn: Date, extendedExpiresOn: Date, refreshOn: Date?, tokenType: String) {
        self.secret = secret
        self.homeAccountID = homeAccountID
        self.environment = environment
        self.clientID = clientID
        self.realm = realm
        self.scopes = scopes
        self.cachedAt = cachedAt
        self.expiresOn = expiresOn
        self.extendedExpiresOn = extendedExpiresOn
        self.refreshOn = refreshOn
        self.tokenType = tokenType
    }

}
