/// An `Account` entry of the unified cache. Holds no secret.
///
/// Source: docs/protocol.md §I1.3 (Account fields), §I1.4 (`home_account_id`).
public struct CachedAccount: Sendable, Hashable {
    /// `home_account_id`: `"{uid}.{utid}"` from `client_info`.
    public var homeAccountID: String
    /// `environment`: the authority host, lower-case, no port (e.g. `contoso.ciamlogin.com`).
    public var environment: String
    /// `realm`: the tenant ID (GUID).
    public var realm: String
    /// `local_account_id`: the id token's `oid` (else `sub`).
    public var localAccountID: String
    /// `username`: `preferred_username` (else `upn`, else `""`).
    public var username: String
    /// `name`: the display name, when stored.
    public var name: String?
    /// `authority_type`: `"MSSTS"` for Entra and External ID, `"ADFS"` for AD FS.
    public var authorityType: String
    /// `account_source`: the grant that created the account (e.g. `urn:ietf:params:oauth:grant-type:device_code`).
    public var accountSource: String?

    /// Memberwise.
    public init(homeAccountID: String, environment: String, realm: String, localAccountID: String, username: String,
                name: String?, authorityType: String, accountSource: String?) {
        self.homeAccountID = homeAccountID
        self.environment = environment
        self.realm = realm
        self.localAccountID = localAccountID
        self.username = username
        self.name = name
        self.authorityType = authorityType
        self.accountSource = accountSource
    }
}
