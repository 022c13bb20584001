import Foundation
import NativeAuthWire

/// The signed-in user behind a Graph request, from its verified bearer token.
struct GraphCaller {
    /// `oid`: the user's object id.
    let userID: String
    /// `scp`, lower-cased.
    let scopes: Set<String>

    /// Whether any of `names` was granted (case-insensitive).
    func has(anyOf names: [String]) -> Bool { names.contains { scopes.contains($0.lowercased()) } }
}

extension TokenIssuer {
    /// Verifies `Authorization: Bearer <jwt>` as Graph does for the emulator's own tokens.
    ///
    /// Checked in order: present and non-empty ("Access token is empty."); three base64url JSON parts with
    /// `oid` ("CompactToken parsing failed with error code: 80049217"); `alg` RS256 and a signature by the
    /// emulator's key ("… Invalid signature."); `aud` Graph's GUID or URI ("… Invalid audience."); `nbf` ≤ now <
    /// `exp` on the virtual clock, no skew ("Access token has expired or is not yet valid."). Every failure is 401
    /// `InvalidAuthenticationToken` with the `WWW-Authenticate` challenge. Source: docs/protocol.md §I5.3, §I7.4.
    func graphCaller(authorization: String?, now: Date, authorizationURI: String) throws(GraphError) -> GraphCaller {
        func refuse(_ message: String) -> GraphError { .unauthenticated(message, authorizationURI: authorizationURI) }
        var token = ""
        if let authorization, authorization.lowercased().hasPrefix("bearer") {
            token = authorization.dropFirst("bearer".count).trimmingCharacters(in: .whitespaces)
        }
        guard !token.isEmpty else { throw refuse("Access token is empty.") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let malformed = refuse("CompactToken parsing failed with error code: 80049217")
        guard parts.count == 3,
              let headerData = Base64URL.decode(parts[0]), let payloadData = Base64URL.decode(parts[1]),
              let header = (try? JSONSerialization.jsonObject(with: headerData)) as? [String: Any],
              let claims = (try? JSONSerialization.jsonObject(with: payloadData)) as? [String: Any],
              let userID = claims["oid"] as? String else { throw malformed }
        guard header["alg"] as? String == "RS256", let signature = Base64URL.decode(parts[2]),
              key.verify(Array(signature), over: Array("\(parts[0]).\(parts[1])".utf8)) else {
            throw refuse("Access token validation failure. Invalid signature.")
        }
        guard let audience = claims["aud"] as? String, [GraphScopes.resourceID, GraphScopes.resourceURI].contains(audience) else {
            throw refuse("Access token validation failure. Invalid audience.")
        }
        let instant = now.timeIntervalSince1970
        guard let expires = (claims["exp"] as? NSNumber)?.doubleValue, instant < expires,
              (claims["nbf"] as? NSNumber)?.doubleValue ?? 0 <= instant else {
            throw refuse("Access token has expired or is not yet valid.")
        }
        let scopes = (claims["scp"] as? String ?? "").split(separator: " ").map { $0.lowercased() }
        return GraphCaller(userID: userID, scopes: Set(scopes))
    }
}
