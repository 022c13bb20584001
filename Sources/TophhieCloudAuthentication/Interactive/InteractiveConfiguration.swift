import Foundation

/// A validated configuration of `TophhieAuth`.
///
/// Source: docs/protocol.md §I1.3 (`environment` = the authority's host), §I4.6 (loopback redirect URIs:
/// `http` only for `localhost`, the port is ignored by Entra and chosen at sign-in).
public struct InteractiveConfiguration: Sendable, Equatable {
    /// The app (client) id; never blank.
    public let clientID: String
    /// The authority (see `Authority` for the accepted shapes).
    public let authority: Authority
    /// The registered redirect URI; its port is replaced by the loopback listener's at each browser sign-in.
    public let redirectURI: URL
    /// Scopes asked for when a call names none (besides `openid profile offline_access`).
    public let scopes: [String]
    /// The token cache file; nil keeps tokens in memory only (enrolment at a shared terminal).
    public let tokenCachePath: String?
    /// A PEM CA added to the system trust for HTTPS (the emulator's self-signed certificate).
    public let caFile: String?
    /// Microsoft Graph's base URL (`https://graph.microsoft.com/v1.0` by default) for the profile and the
    /// sign-in history; plain `http` only for loopback hosts (the emulator). Source: docs/protocol.md §I5–§I6.
    public let graphEndpoint: URL

    /// The cache's `environment`: the authority host, lower-cased, without port (docs/protocol.md trap T3).
    public var environment: String { (authority.base.host ?? "").lowercased() }

    /// - Throws: `AuthError.invalidConfiguration` for a blank client id, an authority `Authority` refuses,
    ///   a redirect URI that is not `http://localhost[:port][/path]` or `https://…`, or a Graph endpoint
    ///   that is missing or not `https` (plain `http` only for a loopback host).
    public init(clientID: String, authority: URL, redirectURI: URL, scopes: [String], tokenCachePath: String?, caFile: String?,
                graphEndpoint: URL? = TophhieConfiguration.graphEndpoint) throws {
        guard !clientID.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw AuthError.invalidConfiguration("The client id is empty.")
        }
        do {
            self.authority = try Authority(authority)
        } catch let error as NativeAuthError {
            throw AuthError.invalidConfiguration(error.errorDescription ?? "\(error)")
        }
        let scheme = redirectURI.scheme?.lowercased()
        let host = redirectURI.host?.lowercased()
        guard (scheme == "http" && host == "localhost") || (scheme == "https" && host != nil) else {
            throw AuthError.invalidConfiguration(
                "The redirect URI \(redirectURI.absoluteString) must be http://localhost (any port) or an https URL.")
        }
        guard let graphEndpoint else { throw AuthError.invalidConfiguration("No Graph endpoint was given.") }
        let graphScheme = graphEndpoint.scheme?.lowercased()
        let graphHost = graphEndpoint.host ?? ""
        guard !graphHost.isEmpty,
              graphScheme == "https" || (graphScheme == "http" && NativeAuthConfiguration.isLoopback(graphHost)) else {
            throw AuthError.invalidConfiguration(
                "The Graph endpoint \(graphEndpoint.absoluteString) must be an https URL (http is allowed only for loopback hosts).")
        }
        self.graphEndpoint = graphEndpoint
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.tokenCachePath = tokenCachePath
        self.caFile = caFile
    }

    /// `scopes` plus `openid profile offline_access`, space-separated: the `scope` of every request.
    func scopeParameter(_ requested: [String]) -> String {
        (requested + TophhieConfiguration.oidcScopes.filter { scope in !requested.contains { $0.lowercased() == scope } })
            .joined(separator: " ")
    }

    /// The resource scopes of a request: the OIDC ones removed (they are never in an access token's `target`).
    static func resourceScopes(_ scopes: [String]) -> [String] {
        let reserved = Set(TophhieConfiguration.oidcScopes + ["email"])
        return scopes.filter { !reserved.contains($0.lowercased()) }
    }
}
