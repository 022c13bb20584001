import Foundation

/// A validated native-auth configuration.
///
/// Source: docs/protocol.md §N1.1 (authority shapes; see `Authority`), §N1.4 (`challenge_type`
/// must contain `redirect`; `capabilities`), docs/protocol.md §N3.3 (scopes).
public struct NativeAuthConfiguration: Sendable, Equatable {
    /// The app (client) id, sent as `client_id` on every call; never blank.
    public let clientID: String
    /// The authority as used (`Authority.url`): a host-only `*.ciamlogin.com` completed with its
    /// `{sub}.onmicrosoft.com` path, any query kept.
    public var authority: URL { parsedAuthority.url }
    /// The parsed authority: base, query, and the note when it was completed.
    public let parsedAuthority: Authority
    /// Sent as `capabilities` on initiate, sign-up start and reset start; empty sends none.
    public let capabilities: [Capability]
    /// Sent in MSAL's order `oob password redirect`; `redirect` is always included.
    public let challengeTypes: [ChallengeType]
    /// Scopes for token requests besides the OIDC ones.
    public let scopes: [String]

    /// - Throws: `NativeAuthError.invalidConfiguration` for an empty client id, or an authority
    ///   `Authority` refuses (not `https`, plain `http` to a host that is not loopback, no tenant path).
    public init(clientID: String, authority: URL, capabilities: [Capability], challengeTypes: [ChallengeType], scopes: [String]) throws {
        guard !clientID.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw NativeAuthError.invalidConfiguration("The client id is empty.")
        }
        parsedAuthority = try Authority(authority)
        self.clientID = clientID
        self.capabilities = capabilities
        let order: [ChallengeType] = [.oob, .password, .redirect]
        let requested = challengeTypes.contains(.redirect) ? challengeTypes : challengeTypes + [.redirect]
        self.challengeTypes = order.filter(requested.contains) + requested.filter { !order.contains($0) }
        self.scopes = scopes
    }

    /// `localhost`, `127.0.0.0/8` and `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".")
        return octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// Password reset answers with codes only: `oob redirect` (docs/protocol.md §N5.1).
    var resetChallengeTypes: [ChallengeType] { challengeTypes.filter { $0 != .password } }

    /// The `scope` parameter: the app's scopes plus `openid profile offline_access`.
    var scopeParameter: String {
        (scopes + TophhieConfiguration.oidcScopes.filter { !scopes.contains($0) }).joined(separator: " ")
    }
}
