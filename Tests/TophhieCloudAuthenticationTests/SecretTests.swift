import Foundation
import LoopbackHTTP
import Testing
import TophhieCloudAuthentication

/// Secrets are redacted by their type: whatever holds one prints, interpolates, reflects and dumps as `<redacted>`.
@Suite struct SecretTests {
    @Test func printingOrDumpingWhatHoldsASecretShowsOnlyTheMarker() {
        let (id, access, refresh, key) = ("id-token-7781", "access-token-5523", "refresh-token-9034", "PRIVATE-KEY-3310")
        let grant = TokenGrant(accessToken: Secret(access), refreshToken: Secret(refresh), idToken: Secret(id), scope: "openid", expiresIn: 60)
        let result = TophhieAuthResult(idToken: id, accessToken: access, refreshToken: refresh, expiresOn: Date(),
                                       scopes: ["openid"], account: TophhieAccount(objectID: "o", tenantID: "t", username: "ada@contoso.com",
                                                                                   displayName: nil, claims: [:]))
        let values: [Any] = [grant, result, TLSIdentity(certificatePEM: "CERT", privateKeyPEM: Secret(key)), Secret(access)]
        for value in values {
            var dumped = ""
            dump(value, to: &dumped)
            for text in [String(describing: value), String(reflecting: value), "\(value)", dumped] {
                for secret in [id, access, refresh, key] { #expect(!text.contains(secret), "\(type(of: value)): \(text)") }
            }
            #expect(dumped.contains(Secret.marker), "\(dumped)")
        }
        #expect(Secret(access).revealed == access)
    }
}
