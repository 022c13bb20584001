/// An `IdToken` entry of the unified cache (`credential_type` `IdToken`, also found when spelled `IDToken`).
///
/// `secret` is a ``Secret``: printing or dumping an entry never shows it.
/// Source: docs/protocol.md §I1.3 (IdToken fields); field case 020 (docs/field-cases.md).
public struct CachedIdToken: Sendable, Hashable {
    /// `secret`: the raw id token (JWT).
    public var secret: Secret
    /// `home_account_id`.
    public var homeAccountID: String
    /// `environment`: authority host.
    public var environment: String
    /// `realm`: tenant ID.
    public var realm: String
    /// `client_id`: the app ID.
    public var clientID: String

    /// Memberwise.
    public init(secret: Secret, homeAccountID: String, environment: String, realm: String, clientID: String) {
        self.secret = secret
        self.homeAccountID = homeAccountID
        self.environment = environment
        self.realm = realm
        self.clientID = clientID
    }

}
