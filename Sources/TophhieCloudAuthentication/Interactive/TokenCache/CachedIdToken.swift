/// An `IdToken` entry of the unified cache (`credential_type` `IdToken`, also found when spelled `IDToken`).
///
/// `description` and `dump` never show `secret`.
/// Source: docs/protocol.md §I1.3 (IdToken fields); field case 020 (docs/field-cases.md).
public struct CachedIdToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `secret`: the raw id token (JWT).
    public var secret: String
    /// `home_account_id`.
    public var homeAccountID: String
    /// `environment`: authority host.
    public var environment: String
    /// `realm`: tenant ID.
    public var realm: String
    /// `client_id`: the app ID.
    public var clientID: String

    /// Memberwise.
    public init(secret: String, homeAccountID: String, environment: String, realm: String, clientID: String) {
        self.secret = secret
        self.homeAccountID = homeAccountID
        self.environment = environment
        self.realm = realm
        self.clientID = clientID
    }

    /// Identity; the secret shows as `[REDACTED]`.
    public var description: String {
        "CachedIdToken(homeAccountID: \(homeAccountID), environment: \(environment), realm: \(realm), clientID: \(clientID), secret: [REDACTED])"
    }

    /// Same as `description`, so debuggers never print a token.
    public var debugDescription: String { description }

    /// `dump` and debuggers see everything but the secret.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "homeAccountID": homeAccountID, "environment": environment, "realm": realm, "clientID": clientID, "secret": "[REDACTED]",
        ])
    }
}
