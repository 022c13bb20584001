import Foundation
import NativeAuthWire

/// Mints RS256 id and access tokens with `kid`, `client_info`, and the discovery documents.
///
/// The issuer is the GUID form `https://<tenant-id>.ciamlogin.com/<tenant-id>/v2.0` rewritten to the
/// emulator's own origin: `<origin>/<tenant-id>/v2.0`. Source: native-auth API reference §3.4, §10; issue 3.
struct TokenIssuer {
    let key: RSASigningKey
    let tenantID: String

    func issuer(origin: String) -> String { "\(origin)/\(tenantID)/v2.0" }

    /// `{"uid": oid, "utid": tenant}` base64url-encoded.
    func clientInfo(userID: String) -> String {
        Base64URL.encode(Array(#"{"uid":"\#(userID)","utid":"\#(tenantID)"}"#.utf8))
    }

    func jwt(_ claims: [String: Any]) throws -> String {
        let header: [String: Any] = ["typ": "JWT", "alg": "RS256", "kid": key.keyID]
        let headerData = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])
        let claimsData = try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys, .withoutEscapingSlashes])
        let signingInput = Base64URL.encode(headerData) + "." + Base64URL.encode(claimsData)
        let signature = try key.sign(Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    func idToken(user: StoredUser, clientID: String, origin: String, now: Date, lifetime: Int) throws -> String {
        var claims = baseClaims(user: user, audience: clientID, origin: origin, now: now, lifetime: lifetime)
        claims["preferred_username"] = user.email
        claims["email"] = user.email
        if let name = user.attributes["displayName"] { claims["name"] = name }
        return try jwt(claims)
    }

    func accessToken(user: StoredUser, clientID: String, scopes: [String], origin: String, now: Date, lifetime: Int) throws -> String {
        var claims = baseClaims(user: user, audience: clientID, origin: origin, now: now, lifetime: lifetime)
        claims["azp"] = clientID
        claims["scp"] = scopes.filter { !["openid", "profile", "offline_access", "email"].contains($0) }.joined(separator: " ")
        return try jwt(claims)
    }

    private func baseClaims(user: StoredUser, audience: String, origin: String, now: Date, lifetime: Int) -> [String: Any] {
        let issuedAt = Int(now.timeIntervalSince1970)
        return ["aud": audience, "iss": issuer(origin: origin), "iat": issuedAt, "nbf": issuedAt, "exp": issuedAt + lifetime,
                "sub": user.id, "oid": user.id, "tid": tenantID, "ver": "2.0"]
    }

    func openIDConfiguration(origin: String) -> [String: Any] {
        let base = "\(origin)/\(tenantID)"
        return ["issuer": issuer(origin: origin),
                "authorization_endpoint": "\(base)/oauth2/v2.0/authorize",
                "token_endpoint": "\(base)/oauth2/v2.0/token",
                "jwks_uri": "\(base)/discovery/v2.0/keys",
                "response_types_supported": ["code", "id_token", "code id_token", "id_token token"],
                "subject_types_supported": ["pairwise"],
                "id_token_signing_alg_values_supported": ["RS256"],
                "scopes_supported": ["openid", "profile", "email", "offline_access"],
                "token_endpoint_auth_methods_supported": ["none"],
                "claims_supported": ["sub", "iss", "aud", "exp", "iat", "nbf", "oid", "tid", "preferred_username", "email", "name", "ver"],
                "tenant_region_scope": "EU"]
    }

    var jwks: [String: Any] { ["keys": [key.jwk]] }
}
