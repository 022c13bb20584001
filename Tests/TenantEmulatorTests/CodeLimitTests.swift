import Foundation
import NativeAuthWire
import Testing
@testable import TenantEmulator

/// `otp.maxCodesPerAddress`: past the limit the emulator answers as the service does, 400 `invalid_request`
/// AADSTS701014 "Cannot generate more one time passcodes", and puts nothing in the outbox (field case 036).
@Suite struct CodeLimitTests {
    let address = "limit.test@contoso.com"

    func harness(limit: Int) throws -> Harness {
        try Harness(preset: "email-otp") {
            $0.otp.maxCodesPerAddress = limit
            $0.otp.resendIntervalSeconds = 0
        }
    }

    func expectCodeLimit(_ answer: EmulatorResponse, _ what: String) {
        #expect(answer.status == 400, "\(what)")
        #expect(answer.jsonObject?["error"] as? String == "invalid_request", "\(what)")
        #expect(firstCode(answer) == 701014, "\(what)")
        #expect((answer.jsonObject?["error_description"] as? String)?.hasPrefix("AADSTS701014: Cannot generate more one time passcodes.") == true)
        #expect(answer.jsonObject?["suberror"] == nil)
    }

    @Test("a resend past the limit is refused with 701014; nothing reaches the outbox; the earlier code still works")
    func resendPastTheLimit() throws {
        let harness = try harness(limit: 2)
        let started = try harness.token(.signUpStart, ["client_id": clientID, "username": address, "challenge_type": allTypes,
                                                       "attributes": #"{"displayName":"Limit Test"}"#])
        let first = try harness.token(.signUpChallenge, ["client_id": clientID, "continuation_token": started, "challenge_type": allTypes])
        let second = try harness.token(.signUpChallenge, ["client_id": clientID, "continuation_token": first, "challenge_type": allTypes])
        let refused = harness.post(.signUpChallenge, ["client_id": clientID, "continuation_token": second, "challenge_type": allTypes])
        expectCodeLimit(refused, "third code within the window")
        #expect(harness.emulator.outbox.messages(to: address).count == 2)
        let done = try harness.json(.signUpContinue, ["client_id": clientID, "continuation_token": second, "grant_type": "oob",
                                                      "oob": try harness.code(to: address)])
        #expect(done["error"] == nil, "the code sent before the refusal is still good: \(done)")
    }

    @Test("the limit is per address across flows and letter case; it lifts when the window has passed")
    func perAddressAcrossFlows() throws {
        let harness = try harness(limit: 1)
        let user = "alex.kim@contoso.com"
        _ = try harness.signInCodeToken(user)
        let initiated = try harness.token(.signInInitiate, ["client_id": clientID, "username": "ALEX.KIM@contoso.com", "challenge_type": allTypes])
        expectCodeLimit(harness.post(.signInChallenge, ["client_id": clientID, "continuation_token": initiated, "challenge_type": allTypes]),
                        "a second flow for the same address")
        #expect(harness.emulator.outbox.messages(to: user).count == 1)
        let before = try #require(harness.emulator.outbox.latest(to: user)?.code)
        harness.advance(3600)
        _ = try harness.signInCodeToken(user)
        #expect(harness.emulator.outbox.latest(to: user)?.code != before, "after addressWindowSeconds (3600) a code goes again")
    }

    @Test("the policy file takes otp.maxCodesPerAddress (1–1000) and otp.addressWindowSeconds; no limit by default")
    func policyKeys() throws {
        #expect(try TenantPreset.load("email-otp").otp.maxCodesPerAddress == nil)
        let base = #"{"tenant": {"name": "x", "id": "5f0c3a1e-7b2d-4c8e-9a61-3d2f4b6e8a10"}, "clients": [{"clientId": "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48"}], "otp": "#
        let policy = try TenantPolicy.parse(Data((base + #"{"maxCodesPerAddress": 3, "addressWindowSeconds": 600}}"#).utf8), file: "limit.json")
        #expect(policy.otp.maxCodesPerAddress == 3 && policy.otp.addressWindowSeconds == 600)
        #expect(throws: PolicyError.self) { try TenantPolicy.parse(Data((base + #"{"maxCodesPerAddress": 0}}"#).utf8), file: "limit.json") }
    }
}
