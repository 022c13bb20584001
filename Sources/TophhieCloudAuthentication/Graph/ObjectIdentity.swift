/// One entry of the user's `identities` collection: how the user signs in.
///
/// Shape: `{"signInType": "emailAddress", "issuer": "contoso.onmicrosoft.com", "issuerAssignedId": "river@contoso.com"}`;
/// a missing field reads as `""`. Source: docs/protocol.md §I5.1 (Graph `objectIdentity`).
public struct ObjectIdentity: Sendable, Equatable {
    /// `emailAddress`, `userName`, `userPrincipalName`, `federated`, …
    public var signInType: String
    /// The tenant domain or the federated identity provider.
    public var issuer: String
    /// The identifier the issuer knows the user by (an email address for `emailAddress`).
    public var issuerAssignedId: String

    /// Memberwise.
    public init(signInType: String, issuer: String, issuerAssignedId: String) {
        self.signInType = signInType
        self.issuer = issuer
        self.issuerAssignedId = issuerAssignedId
    }
}
