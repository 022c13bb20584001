/// The signed-in account, derived from the id token and `client_info`.
///
/// Source: docs/protocol.md §N3.4 (`preferred_username`, `oid`/`sub`, `tid`; `client_info`
/// `uid`/`utid`).
public struct TophhieAccount: Sendable, Hashable {
    /// Object id of the user (`oid`, else `client_info.uid`, else `sub`).
    public var objectID: String?
    /// Tenant id (`tid`, else `client_info.utid`).
    public var tenantID: String?
    /// `preferred_username`, else `email`, else the username used to sign in.
    public var username: String?
    /// `name`.
    public var displayName: String?
    /// Every id-token claim, as text.
    public var claims: [String: String]
    /// The token cache's key for the account: `client_info` `uid.utid`, else `oid.tid` (docs/protocol.md §I1.4).
    public var homeAccountID: String?

    /// Memberwise; nil for any value the id token and `client_info` did not carry.
    public init(objectID: String?, tenantID: String?, username: String?, displayName: String?, claims: [String: String],
                homeAccountID: String? = nil) {
        self.objectID = objectID
        self.tenantID = tenantID
        self.username = username
        self.displayName = displayName
        self.claims = claims
        self.homeAccountID = homeAccountID ?? objectID.flatMap { object in tenantID.map { "\(object).\($0)" } }
    }

    init(idToken: String?, clientInfo: String?, fallbackUsername: String?) {
        let claims = idToken.map(JWTClaims.claims(ofJWT:)) ?? [:]
        let info = clientInfo.map(JWTClaims.claims(ofBase64URLJSON:)) ?? [:]
        self.init(
            objectID: claims["oid"] ?? info["uid"] ?? claims["sub"],
            tenantID: claims["tid"] ?? info["utid"],
            username: claims["preferred_username"] ?? claims["email"] ?? fallbackUsername,
            displayName: claims["name"],
            claims: claims,
            homeAccountID: info["uid"].flatMap { uid in info["utid"].map { "\(uid).\($0)" } })
    }
}
