/// The five well-known top-level members of the unified cache, spelled exactly as every MSAL writes them.
///
/// Source: docs/protocol.md §I1.1.
enum CacheSection: String, CaseIterable, Sendable {
    case accessToken = "AccessToken"
    case refreshToken = "RefreshToken"
    case idToken = "IdToken"
    case account = "Account"
    case appMetadata = "AppMetadata"

    /// The `credential_type` of the section's entries (matched ignoring case), nil when they carry none.
    var credentialType: String? {
        switch self {
        case .accessToken: "AccessToken"
        case .refreshToken: "RefreshToken"
        case .idToken: "IdToken"
        case .account, .appMetadata: nil
        }
    }

    /// MSAL Python's key for an entry with these fields, lower-cased (docs/protocol.md §I1.2; field case 020 (docs/field-cases.md)).
    func key(for entry: CacheEntry) -> String {
        let home = entry.text("home_account_id") ?? ""
        let environment = entry.text("environment") ?? ""
        let client = entry.text("client_id") ?? ""
        let realm = entry.text("realm") ?? ""
        let target = entry.text("target") ?? ""
        let parts: [String] = switch self {
        case .accessToken: [home, environment, "accesstoken", client, realm, target]
        case .refreshToken: [home, environment, "refreshtoken", client, "", target]
        case .idToken: [home, environment, "idtoken", client, realm, ""]
        case .account: [home, environment, realm]
        case .appMetadata: ["appmetadata", environment, client]
        }
        return parts.joined(separator: "-").lowercased()
    }
}
