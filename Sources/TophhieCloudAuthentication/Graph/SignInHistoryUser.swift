/// Whose sign-ins `signInHistory` lists: the user's object id (`userId eq '…'`) or their user principal
/// name (`userPrincipalName eq '…'`). Source: docs/protocol.md §I6.1.
public enum SignInHistoryUser: Sendable, Equatable {
    /// The user's object id (`oid`), e.g. `e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968`.
    case id(String)
    /// The user's UPN, e.g. `river@contoso.com`; an apostrophe is allowed (it is OData-quoted).
    case userPrincipalName(String)

    /// The OData `$filter` expression, unencoded, single quotes in the value doubled:
    /// `userPrincipalName eq 'o''brien@contoso.com'`.
    var filter: String {
        switch self {
        case .id(let id): "userId eq \(Self.quoted(id))"
        case .userPrincipalName(let upn): "userPrincipalName eq \(Self.quoted(upn))"
        }
    }

    /// An OData string literal: in single quotes, each single quote doubled.
    static func quoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
