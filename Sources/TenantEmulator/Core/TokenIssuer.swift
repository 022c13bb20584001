import Foundation
import NativeAuthWire

/// Mints RS256 id and access tokens with `kid`, `client_info`, and the discovery documents.
///
/// The issuer is the GUID form `https://<tenant-id>.ciamlogin.com/<tenant-id>/v2.0` rewritten to the
/// emulator's own origin: `<origin>/<tenant-id>/v2.0`. Source: docs/protocol.md §N3.4, §N10; issue 3.
struct TokenIssuer {
    let key: RSASigningKey
    let tenantID: String
    /// The base64url JWT header: the same for every token of the key, so encoded once.
    private let encodedHeader: String

    init(key: RSASigningKey, tenantID: String) {
        self.key = key
        self.tenantID = tenantID
        encodedHeader = Base64URL.encode((try? TenantEmulator.encoder.encode(JWTHeader(kid: key.keyID))) ?? Data())
    }

    func issuer(origin: String) -> String { "\(origin)/\(tenantID)/v2.0" }

    /// `{"uid": oid, "utid": tenant}` base64url-encoded.
    func clientInfo(userID: String) -> String {
        Base64URL.encode(Array(#"{"uid":"\#(userID)","utid":"\#(tenantID)"}"#.utf8))
    }

    func jwt(_ claims: JWTClaims) throws -> String {
        let signingInput = encodedHeader + "." + Base64URL.encode(claims.json)
        let signature = try key.sign(Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    func idToken(user: StoredUser, clientID: String, origin: String, now: Date, lifetime: Int, nonce: String? = nil,
                 authTime: Date? = nil) throws -> String {
        var claims = baseClaims(user: user, audience: clientID, origin: origin, now: now, lifetime: lifetime)
        claims.nonce = nonce
        claims.authTime = authTime.map { Int($0.timeIntervalSince1970) }
        claims.preferredUsername = user.email
        claims.email = user.email
        claims.name = user.attributes["displayName"]
        return try jwt(claims)
    }

    /// The access token: Graph's (v1.0 shape, `aud` Graph) when any granted scope is a Graph scope, else one for
    /// the app itself (`aud` = client id). `scp` never lists `openid`, `profile`, `offline_access`, `email`.
    /// Source: docs/protocol.md §I7.4.
    func accessToken(user: StoredUser, clientID: String, scopes: [String], origin: String, now: Date, lifetime: Int) throws -> String {
        if let graph = GraphScopes(requested: scopes) {
            var claims = baseClaims(user: user, audience: graph.audience, origin: origin, now: now, lifetime: lifetime)
            claims.iss = "https://sts.windows.net/\(tenantID)/"
            claims.ver = "1.0"
            claims.scp = graph.delegated.joined(separator: " ")
            claims.appid = clientID
            claims.appidacr = "0"
            claims.idtyp = "user"
            claims.name = user.attributes["displayName"]
            return try jwt(claims)
        }
        var claims = baseClaims(user: user, audience: clientID, origin: origin, now: now, lifetime: lifetime)
        claims.azp = clientID
        claims.scp = scopes.filter { !GraphScopes.oidc.contains($0.lowercased()) }.joined(separator: " ")
        return try jwt(claims)
    }

    private func baseClaims(user: StoredUser, audience: String, origin: String, now: Date, lifetime: Int) -> JWTClaims {
        let issuedAt = Int(now.timeIntervalSince1970)
        return JWTClaims(aud: audience, iss: issuer(origin: origin), iat: issuedAt, nbf: issuedAt, exp: issuedAt + lifetime,
                         sub: user.id, oid: user.id, tid: tenantID)
    }

    /// The discovery document. Source: docs/protocol.md §I7.1 (the CIAM shape, endpoints under the tenant GUID).
    func openIDConfiguration(origin: String) -> [String: Any] {
        let base = "\(origin)/\(tenantID)"
        return ["issuer": issuer(origin: origin),
                "authorization_endpoint": "\(base)/oauth2/v2.0/authorize",
                "token_endpoint": "\(base)/oauth2/v2.0/token",
                "device_authorization_endpoint": "\(base)/oauth2/v2.0/devicecode",
                "end_session_endpoint": "\(base)/oauth2/v2.0/logout",
                "response_modes_supported": ["query", "fragment", "form_post"],
                "http_logout_supported": true,
                "jwks_uri": "\(base)/discovery/v2.0/keys",
                "response_types_supported": ["code", "id_token", "code id_token", "id_token token"],
                "subject_types_supported": ["pairwise"],
                "id_token_signing_alg_values_supported": ["RS256"],
                "scopes_supported": ["openid", "profile", "email", "offline_access"],
                "token_endpoint_auth_methods_supported": ["none"],
                "claims_supported": ["sub", "iss", "aud", "exp", "iat", "nbf", "oid", "tid", "preferred_username", "email", "name", "uti", "ver",
                                     "nonce", "auth_time"],
                "tenant_region_scope": "EU"]
    }

    var jwks: [String: Any] { ["keys": [key.jwk]] }
}
