/// Which requested scopes are Microsoft Graph's, and the audience their access token gets.
///
/// Graph scopes are `User.Read`, `User.ReadWrite`, `AuditLog.Read.All`, `Directory.AccessAsUser.All`,
/// `User.ReadBasic.All`, the configuration reads' (``configurationScopes``) (any case), or any `https://graph.microsoft.com/<name>` form (`.default` grants
/// `User.Read`). The audience is the Graph app id `00000003-0000-0000-c000-000000000000`, or
/// `https://graph.microsoft.com` when every Graph scope was asked for in the URI form.
/// Source: docs/protocol.md §I7.4 (v1 `aud` may be GUID or URI), trap T20 (compare scopes case-insensitively).
struct GraphScopes: Equatable {
    /// Graph's application id: the `aud` of its tokens.
    static let resourceID = "00000003-0000-0000-c000-000000000000"
    /// Graph's resource URI: the other accepted `aud`.
    static let resourceURI = "https://graph.microsoft.com"
    /// OIDC scopes: never in `scp`.
    static let oidc: Set<String> = ["openid", "profile", "offline_access", "email"]
    /// The delegated Graph permissions the emulator knows, spelled as Graph spells them.
    static let known = ["User.Read", "User.ReadWrite", "AuditLog.Read.All", "Directory.AccessAsUser.All", "User.ReadBasic.All"]
        + configurationScopes
    /// The tenant configuration reads' permissions (`GraphConfigurationRead.scope`), for `tophhie tenant snapshot`.
    static let configurationScopes = ["EventListener.Read.All", "IdentityUserFlow.Read.All", "Policy.Read.AuthenticationMethod",
                                      "Application.Read.All", "Policy.Read.All"]

    /// `aud` of the access token.
    let audience: String
    /// `scp`: the Graph scopes without the resource prefix, canonical spelling, in request order, no duplicates.
    let delegated: [String]

    /// `nil` when no requested scope is a Graph scope.
    init?(requested scopes: [String]) {
        var names: [String] = []
        var uriForm = false, shortForm = false
        for scope in scopes {
            let lower = scope.lowercased()
            if Self.oidc.contains(lower) { continue }
            if lower.hasPrefix(Self.resourceURI + "/") {
                uriForm = true
                let name = String(scope.dropFirst(Self.resourceURI.count + 1))
                names.append(name == ".default" ? "User.Read" : Self.canonical(name) ?? name)
            } else if let name = Self.canonical(scope) {
                shortForm = true
                names.append(name)
            }
        }
        guard uriForm || shortForm else { return nil }
        audience = uriForm && !shortForm ? Self.resourceURI : Self.resourceID
        var seen = Set<String>()
        delegated = names.filter { seen.insert($0.lowercased()).inserted }
    }

    private static func canonical(_ name: String) -> String? {
        known.first { $0.lowercased() == name.lowercased() }
    }
}
