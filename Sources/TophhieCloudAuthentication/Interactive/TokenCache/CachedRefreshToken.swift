import Foundation

/// A `RefreshToken` entry of the unified cache.
///
/// `secret` is a ``Secret``: printing or dumping an entry never shows it.
/// Source: docs/protocol.md §I1.3 (RefreshToken fields), §I1.5 (`family_id`).
public struct CachedRefreshToken: Sendable, Hashable {
    /// `secret`: the refresh token.
    public var secret: Secret
    /// `home_account_id`.
    public var homeAccountID: String
    /// `environment`: authority host.
    public var environment: String
    /// `client_id`: the app ID.
    public var clientID: String
    /// `target` split on spaces; empty when the entry has none (MSAL.NET and Node omit it).
    public var scopes: [String]
    /// `family_id` (`"1"` for FOCI tokens); read and kept, never created by this client.
    public var familyID: String?
    /// `last_modification_time`; nil when the entry has none.
    public var lastModified: Date?

    /// Memberwise.
    public init(secret: Secret, homeAccountID: String, environment: String, clientID: String, scopes: [String],
                familyID: String?, lastModified: Date?) {
        self.secret = secret
        self.homeAccountID = homeAccountID
        self.environment = environment
        self.clientID = clientID
        self.scopes = scopes
        self.familyID = familyID
        self.lastModified = lastModified
    }

}
