import Foundation

/// A `RefreshToken` entry of the unified cache.
///
/// `description` and `dump` never show `secret`.
/// Source: docs/protocol.md §I1.3 (RefreshToken fields), §I1.5 (`family_id`).
public struct CachedRefreshToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `secret`: the refresh token.
    public var secret: String
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
    public init(secret: String, homeAccountID: String, environment: String, clientID: String, scopes: [String],
                familyID: String?, lastModified: Date?) {
        self.secret = secret
        self.homeAccountID = homeAccountID
        self.environment = environment
        self.clientID = clientID
        self.scopes = scopes
        self.familyID = familyID
        self.lastModified = lastModified
    }

    /// Identity and age; the secret shows as `[REDACTED]`.
    public var description: String {
        "CachedRefreshToken(homeAccountID: \(homeAccountID), environment: \(environment), clientID: \(clientID), "
            + "lastModified: \(lastModified.map { "\($0)" } ?? "-"), secret: [REDACTED])"
    }

    /// Same as `description`, so debuggers never print a token.
    public var debugDescription: String { description }

    /// `dump` and debuggers see everything but the secret.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "homeAccountID": homeAccountID, "environment": environment, "clientID": clientID, "scopes": scopes,
            "familyID": familyID as Any, "lastModified": lastModified as Any, "secret": "[REDACTED]",
        ])
    }
}
