import Foundation
import Testing
@testable import TenantEmulator

/// The hand-written token payload must be what `JSONEncoder` (sorted keys, slashes unescaped) writes, byte
/// for byte: clients verify the signature over exactly these bytes, and MSAL reads these claims.
@Suite struct JWTClaimsJSONTests {
    static let awkward = "a\"b\\c/d\u{0}\u{1F}\u{7F} São Paulo 🚀 \u{2028}"

    static let claims: [JWTClaims] = {
        let base = JWTClaims(aud: "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48", iss: "http://127.0.0.1:8080/tid/v2.0", iat: 1_700_000_000,
                             nbf: 1_700_000_000, exp: 1_700_003_600, sub: "oid", oid: "oid", tid: "tid")
        var idToken = base
        idToken.preferredUsername = "jane.doe@contoso.com"
        idToken.email = "jane.doe@contoso.com"
        idToken.name = awkward
        idToken.nonce = "n-0S6_WzA2Mj"
        idToken.authTime = 0
        var graph = base
        graph.ver = "1.0"
        graph.scp = "User.Read User.ReadWrite"
        graph.appid = "8c3e2b91"
        graph.appidacr = "0"
        graph.idtyp = "user"
        graph.azp = "azp"
        return [base, idToken, graph]
    }()

    @Test("every payload is written exactly as JSONEncoder writes it", arguments: claims)
    func matchesJSONEncoder(_ claims: JWTClaims) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: claims.json, as: UTF8.self) == String(decoding: try encoder.encode(claims), as: UTF8.self))
    }
}
