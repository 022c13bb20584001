import Foundation
import Testing
@testable import TenantEmulator

@Suite("Device code")
struct DeviceCodeTests {
    @Test("device authorization answers RFC 8628 fields: ABCD-EFGH user code, the service's verification URI, 900 s, 5 s")
    func authorizationShape() throws {
        let harness = try Harness()
        let answer = try harness.deviceAuthorization()
        let userCode = userCode(answer)
        #expect(userCode.range(of: "^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$", options: .regularExpression) != nil)
        #expect(answer["verification_uri"] as? String == "https://microsoft.com/devicelogin")
        #expect(answer["expires_in"] as? Int == 900)
        #expect(answer["interval"] as? Int == 5)
        #expect((answer["device_code"] as? String)?.count ?? 0 >= 43)
        #expect((answer["message"] as? String)?.contains(userCode) == true)
        #expect(answer["verification_uri_complete"] == nil)
        let other = try harness.deviceAuthorization()
        #expect(other["user_code"] as? String != userCode && other["device_code"] as? String != answer["device_code"] as? String)
    }

    @Test("policy deviceCode.verificationURI fixed points at the emulator's own page; expiresInSeconds and intervalSeconds apply")
    func fixedVerificationURI() throws {
        let harness = try Harness {
            $0.deviceCode.verificationURI = .fixed
            $0.deviceCode.expiresInSeconds = 300
            $0.deviceCode.intervalSeconds = 3
        }
        let answer = try harness.deviceAuthorization()
        #expect(answer["verification_uri"] as? String == "http://127.0.0.1/common/oauth2/deviceauth")
        #expect(answer["expires_in"] as? Int == 300 && answer["interval"] as? Int == 3)
        let parsed = try TenantPolicy.parse(Data(#"{"tenant": {"name": "t", "id": "11111111-2222-3333-4444-555555555555"}, "clients": [{"clientId": "11111111-2222-3333-4444-555555555555", "redirectUris": ["http://localhost"]}], "deviceCode": {"verificationURI": "fixed", "intervalSeconds": 7}}"#.utf8), file: "t.json")
        #expect(parsed.deviceCode.verificationURI == .fixed && parsed.deviceCode.intervalSeconds == 7 && parsed.deviceCode.expiresInSeconds == 900)
        #expect(parsed.clients[0].redirectURIs == ["http://localhost"])
        #expect(throws: PolicyError.self) {
            try TenantPolicy.parse(Data(#"{"tenant": {"name": "t", "id": "11111111-2222-3333-4444-555555555555"}, "clients": [{"clientId": "11111111-2222-3333-4444-555555555555"}], "deviceCode": {"verificationURI": "elsewhere"}}"#.utf8), file: "t.json")
        }
    }

    @Test("devicecode refuses a missing scope and an unknown client")
    func authorizationErrors() throws {
        let harness = try Harness()
        let noScope = harness.postForm(harness.tenantPath + "/oauth2/v2.0/devicecode", ["client_id": clientID])
        #expect(noScope.status == 400 && noScope.jsonObject?["error"] as? String == "invalid_request")
        let unknown = harness.postForm(harness.tenantPath + "/oauth2/v2.0/devicecode", ["client_id": "00000000-0000-4000-8000-000000000009", "scope": "openid"])
        #expect(unknown.jsonObject?["error"] as? String == "unauthorized_client" && firstCode(unknown) == 700016)
    }

    @Test("approve via the control API: pending, then a full token answer with client_info, then the code is spent")
    func approveViaControl() throws {
        let harness = try Harness()
        let answer = try harness.deviceAuthorization()
        let deviceCode = deviceCode(answer)
        let userCode = userCode(answer)
        let pending = harness.poll(deviceCode)
        #expect(pending.status == 400 && pending.jsonObject?["error"] as? String == "authorization_pending" && firstCode(pending) == 70016)
        let approved = harness.control("POST", "devicecodes/\(userCode)/approve", body: #"{"username": "jane.doe@contoso.com"}"#)
        #expect(approved.status == 200 && approved.jsonObject?["status"] as? String == "approved")
        harness.advance(5)
        let tokens = harness.poll(deviceCode)
        #expect(tokens.status == 200)
        let body = try #require(tokens.jsonObject)
        let claims = jwtClaims(body["id_token"] as? String ?? "")
        #expect(claims["preferred_username"] as? String == "jane.doe@contoso.com")
        #expect(claims["name"] as? String == "Jane Doe")
        #expect(claims["tid"] as? String == harness.emulator.tenantID)
        #expect(claims["oid"] is String)
        #expect(body["client_info"] is String, "client_info=1 is honoured (trap 5)")
        #expect(body["ext_expires_in"] as? Int == 3600)
        #expect(body["scope"] as? String == "openid profile offline_access User.Read")
        let refresh = try #require(body["refresh_token"] as? String)
        harness.advance(5)
        let again = harness.poll(deviceCode)
        #expect(again.jsonObject?["error"] as? String == "bad_verification_code", "device codes are single use")
        let rotated = harness.post(.token, ["client_id": clientID, "grant_type": "refresh_token", "refresh_token": refresh, "client_info": "1"])
        #expect(rotated.status == 200 && rotated.jsonObject?["client_info"] is String)
        #expect(harness.post(.token, ["client_id": clientID, "grant_type": "refresh_token", "refresh_token": refresh]).status == 400, "rotation")
        #expect(try harness.signIns(of: "jane.doe@contoso.com") == 1, "the sign-in log records it")
    }

    @Test("control approve and deny: 404 unknown code, 400 unknown user, 409 once finished; deny → authorization_declined")
    func controlErrorsAndDeny() throws {
        let harness = try Harness()
        let answer = try harness.deviceAuthorization()
        let userCode = userCode(answer)
        #expect(harness.control("POST", "devicecodes/BBBB-CCCC/approve", body: #"{"username": "jane.doe@contoso.com"}"#).status == 404)
        #expect(harness.control("POST", "devicecodes/\(userCode)/approve", body: #"{"username": "nobody@contoso.com"}"#).status == 400)
        #expect(harness.control("POST", "devicecodes/\(userCode)/approve", body: "{}").status == 400)
        #expect(harness.control("GET", "devicecodes/\(userCode)/approve").status == 405)
        #expect(harness.control("POST", "devicecodes/\(userCode)/deny").status == 200)
        #expect(harness.control("POST", "devicecodes/\(userCode)/approve", body: #"{"username": "jane.doe@contoso.com"}"#).status == 409)
        #expect(harness.control("POST", "devicecodes/\(userCode)/deny").status == 409)
        let declined = harness.poll(deviceCode(answer))
        #expect(declined.status == 400 && declined.jsonObject?["error"] as? String == "authorization_declined")
    }

    @Test("case 023: after one slow_down the interval is 10 s and a client polling every 10 s gets pending, then tokens")
    func slowDownGrowth() throws {
        let harness = try Harness()
        let answer = try harness.deviceAuthorization()
        let deviceCode = deviceCode(answer)
        func error(_ response: EmulatorResponse) -> String? { response.jsonObject?["error"] as? String }
        #expect(error(harness.poll(deviceCode)) == "authorization_pending", "the first poll is always accepted (MSAL Python polls at once)")
        harness.advance(5)
        #expect(error(harness.poll(deviceCode)) == "authorization_pending", "5 s after the last accepted poll")
        harness.advance(2)
        let slow = harness.poll(deviceCode)
        #expect(slow.status == 400 && error(slow) == "slow_down")
        for _ in 0..<3 {
            harness.advance(10)
            #expect(error(harness.poll(deviceCode)) == "authorization_pending", "the grown interval, 10 s, is never refused")
        }
        harness.advance(9)
        #expect(error(harness.poll(deviceCode)) == "slow_down", "the interval stayed 10 s, not back to 5")
        _ = harness.control("POST", "devicecodes/\(userCode(answer))/approve", body: #"{"username": "jane.doe@contoso.com"}"#)
        harness.advance(20)
        #expect(harness.poll(deviceCode).status == 200)
    }

    @Test("each slow_down adds 5 s once, measured from the last accepted poll, so a refused poll does not restart the wait")
    func slowDownFromLastAccepted() throws {
        let harness = try Harness()
        let deviceCode = deviceCode(try harness.deviceAuthorization())
        func error(_ response: EmulatorResponse) -> String? { response.jsonObject?["error"] as? String }
        #expect(error(harness.poll(deviceCode)) == "authorization_pending")   // t=0, accepted
        harness.advance(5)
        #expect(error(harness.poll(deviceCode)) == "authorization_pending")   // t=5, accepted
        harness.advance(2)
        #expect(error(harness.poll(deviceCode)) == "slow_down")               // t=7 → interval 10
        harness.advance(8)
        #expect(error(harness.poll(deviceCode)) == "authorization_pending", "t=15 is 10 s after the accepted t=5")
        harness.advance(1)
        #expect(error(harness.poll(deviceCode)) == "slow_down")               // t=16 → interval 15
        harness.advance(1)
        #expect(error(harness.poll(deviceCode)) == "slow_down")               // t=17 → interval 20
        harness.advance(12)
        #expect(error(harness.poll(deviceCode)) == "slow_down", "t=29 is 14 s after t=15: under the 20 s interval") // → 25
        harness.advance(11)
        #expect(error(harness.poll(deviceCode)) == "authorization_pending", "t=40 is 25 s after the accepted t=15")
    }

    @Test("a client polling at the advertised 5 s is never told to slow down")
    func politeClient() throws {
        let harness = try Harness()
        let deviceCode = deviceCode(try harness.deviceAuthorization())
        for _ in 0..<30 {
            harness.advance(5)
            #expect(harness.poll(deviceCode).jsonObject?["error"] as? String == "authorization_pending")
        }
    }

    @Test("past expires_in on the virtual clock: expired_token 70020, and the code can no longer be approved")
    func expiry() throws {
        let harness = try Harness()
        let answer = try harness.deviceAuthorization()
        let deviceCode = deviceCode(answer)
        harness.advance(899)
        #expect(harness.poll(deviceCode).jsonObject?["error"] as? String == "authorization_pending")
        harness.advance(1)
        let expired = harness.poll(deviceCode)
        #expect(expired.jsonObject?["error"] as? String == "expired_token" && firstCode(expired) == 70020)
        #expect(harness.control("POST", "devicecodes/\(userCode(answer))/approve",
                                body: #"{"username": "jane.doe@contoso.com"}"#).status == 409)
    }

    @Test("an unknown device_code answers bad_verification_code")
    func badCode() throws {
        let harness = try Harness()
        _ = try harness.deviceAuthorization()
        let bad = harness.poll("not-a-device-code")
        #expect(bad.status == 400 && bad.jsonObject?["error"] as? String == "bad_verification_code")
    }

    @Test("a device code belongs to its client; a confidential client may not start one; a user reset forgets device codes")
    func clientBinding() throws {
        let other = "6a1d3f7e-2b4c-4d5e-8f90-1a2b3c4d5e6f"
        let confidential = "7b2e4a8f-3c5d-4e6f-9a01-2b3c4d5e6f70"
        let harness = try Harness {
            $0.clients.append(.init(clientID: other, nativeAuth: false, publicClient: true))
            $0.clients.append(.init(clientID: confidential, nativeAuth: false, publicClient: false))
        }
        let answer = try harness.deviceAuthorization()
        let stolen = harness.post(.token, ["client_id": other, "grant_type": TenantEmulator.deviceCodeGrantType, "device_code": deviceCode(answer)])
        #expect(stolen.jsonObject?["error"] as? String == "bad_verification_code")
        let refused = harness.postForm(harness.tenantPath + "/oauth2/v2.0/devicecode", ["client_id": confidential, "scope": "openid"])
        #expect(refused.jsonObject?["error"] as? String == "invalid_client" && firstCode(refused) == 7000218)
        let own = harness.postForm(harness.tenantPath + "/oauth2/v2.0/devicecode", ["client_id": other, "scope": "openid"])
        #expect(own.status == 200, "native authentication need not be enabled for the device flow")
        #expect(harness.control("DELETE", "users").status == 200)
        #expect(harness.control("POST", "devicecodes/\(userCode(answer))/deny").status == 404)
        let tenant = harness.control("GET", "tenant").jsonObject
        #expect((tenant?["deviceCode"] as? [String: Any])?["verificationURI"] as? String == "service")
        #expect(((tenant?["clients"] as? [[String: Any]])?.first?["redirectUris"] as? [String]) == ["http://localhost"])
    }

    @Test("the policy refuses a redirect URI that is not an absolute http(s) URI")
    func redirectURIPolicy() {
        #expect(throws: PolicyError.self) {
            try TenantPolicy.parse(Data(#"{"tenant": {"name": "t", "id": "11111111-2222-3333-4444-555555555555"}, "clients": [{"clientId": "11111111-2222-3333-4444-555555555555", "redirectUris": ["localhost:80"]}]}"#.utf8), file: "t.json")
        }
    }
}
