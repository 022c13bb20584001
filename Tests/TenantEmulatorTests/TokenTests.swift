import Foundation
import NativeAuthWire
import Synchronization
import Testing
@testable import TenantEmulator

@Suite("Tokens")
struct TokenTests {
    @Test("id and access tokens are RS256 JWTs that verify with the published key; client_info names the user and tenant")
    func signedTokens() throws {
        let harness = try Harness()
        let answer = harness.passwordGrant(try harness.signInPasswordToken("jane.doe@contoso.com"), "jane.doe@contoso.com", "Blue-Harbor-7419!")
        let body = try #require(answer.jsonObject)
        for name in ["id_token", "access_token"] {
            let token = try #require(body[name] as? String)
            let parts = token.split(separator: ".").map(String.init)
            #expect(parts.count == 3)
            #expect(jwtHeader(token)["alg"] as? String == "RS256")
            #expect(jwtHeader(token)["kid"] as? String == harness.emulator.issuer.key.keyID)
            let signature = try #require(Base64URL.decode(parts[2]))
            #expect(harness.emulator.issuer.key.verify(Array(signature), over: Array("\(parts[0]).\(parts[1])".utf8)), "\(name) signature")
            var tampered = Array("\(parts[0]).\(parts[1])".utf8)
            tampered[tampered.count - 1] ^= 1
            #expect(!harness.emulator.issuer.key.verify(Array(signature), over: tampered))
        }
        let claims = jwtClaims(body["id_token"] as? String ?? "")
        #expect(claims["tid"] as? String == harness.emulator.tenantID)
        let info = try #require(Base64URL.decode(body["client_info"] as? String ?? ""))
        let decoded = try #require(try JSONSerialization.jsonObject(with: info) as? [String: String])
        #expect(decoded["uid"] == claims["oid"] as? String)
        #expect(decoded["utid"] == harness.emulator.tenantID)
    }

    @Test("no openid scope, no id_token; no offline_access, no refresh_token")
    func scopes() throws {
        let harness = try Harness()
        let answer = harness.passwordGrant(try harness.signInPasswordToken("jane.doe@contoso.com"), "jane.doe@contoso.com", "Blue-Harbor-7419!", scope: "User.Read")
        #expect(answer.status == 200)
        #expect(answer.jsonObject?["id_token"] == nil)
        #expect(answer.jsonObject?["refresh_token"] == nil)
        #expect(answer.jsonObject?["access_token"] is String)
    }

    @Test("a Conditional Access claims request is refused, not silently ignored")
    func claimsRefused() throws {
        let harness = try Harness()
        let token = try harness.signInPasswordToken("jane.doe@contoso.com")
        let refused = harness.post(.token, ["client_id": clientID, "continuation_token": token, "grant_type": "password", "username": "jane.doe@contoso.com",
                                            "password": "Blue-Harbor-7419!", "claims": #"{"access_token":{"acrs":{"essential":true,"value":"c1"}}}"#])
        #expect(refused.status == 400)
        #expect(refused.jsonObject?["error"] as? String == "invalid_request")
        #expect(harness.passwordGrant(token, "jane.doe@contoso.com", "Blue-Harbor-7419!").status == 200, "the flow continues without claims")
    }

    @Test("signing from one prepared context is correct concurrently, for the default and a benchmark key size", arguments: [2048, 1024])
    func concurrentSigning(bits: Int) throws {
        let key = try RSASigningKey(bits: bits)
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 32) { index in
            let message = Array("header.payload-\(index)".utf8)
            guard let signature = try? key.sign(message), signature.count == bits / 8,
                  key.verify(signature, over: message), !key.verify(signature, over: message + [0]) else {
                failures.withLock { $0 += 1 }
                return
            }
        }
        #expect(failures.withLock { $0 } == 0)
    }

    @Test("SHA-256 hex digests (refresh-token hashes) match the FIPS 180-2 vector")
    func sha256Hex() {
        #expect(SHA256Digest.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("two tokens minted in the same second for the same user differ by their `uti`")
    func uniqueTokenIdentifier() throws {
        let harness = try Harness()
        var seen: Set<String> = []
        for _ in 0..<2 {
            let answer = harness.passwordGrant(try harness.signInPasswordToken("jane.doe@contoso.com"), "jane.doe@contoso.com", "Blue-Harbor-7419!")
            let body = try #require(answer.jsonObject)
            for name in ["id_token", "access_token"] {
                let token = try #require(body[name] as? String)
                let uti = try #require(jwtClaims(token)["uti"] as? String)
                #expect(uti.count == 22)
                seen.insert(uti)
            }
        }
        #expect(seen.count == 4)
    }
}
