import Foundation

/// Defaults of the seed design (`Configuration.swift`): authority, Graph and scopes.
public enum TophhieConfiguration {
    /// The default authority; any authority URL may be configured instead.
    public static let defaultAuthority = URL(string: "https://tophhiecustomers.ciamlogin.com")
    /// Microsoft Graph v1.0, used by the interactive stack's profile.
    public static let graphEndpoint = URL(string: "https://graph.microsoft.com/v1.0")
    /// Scopes asked for by default.
    public static let defaultScopes = ["User.Read"]
    /// Scopes for profile editing.
    public static let profileEditScopes = ["User.ReadWrite", "Directory.AccessAsUser.All"]
    /// Scopes for the sign-in history.
    public static let signInHistoryScopes = ["AuditLog.Read.All"]
    /// OIDC scopes MSAL adds to every token request: `openid` for the id token, `offline_access` for
    /// the refresh token. Source: docs/protocol.md §N3.3.
    public static let oidcScopes = ["openid", "profile", "offline_access"]
}
