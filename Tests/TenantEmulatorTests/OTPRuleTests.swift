import Foundation
import NativeAuthWire
import Testing
@testable import TenantEmulator

/// One-time code rules under the `strict` preset: 6 digits, 120 s lifetime, 3 attempts, 120 s resend interval.
@Suite("One-time code rules")
struct OTPRuleTests {
    let username = "new.person@contoso.com"

    /// A sign-up waiting for its code: the harness and the token for continue(oob).
    func pendingSignUp() throws -> (Harness, String) {
        let harness = try Harness(preset: "strict")
        return (harness, try harness.signUpCodeToken(username, password: "Tall-Copper-Kite-42", attributes: #"{"displayName":"New Person"}"#))
    }

    func enter(_ harness: Harness, _ token: String, _ code: String) -> EmulatorResponse {
        harness.post(.signUpContinue, ["client_id": clientID, "continuation_token": token, "grant_type": "oob", "oob": code])
    }

    func wrong(_ code: String) -> String { code == "000000" ? "111111" : "000000" }

    func resend(_ harness: Harness, _ token: String) -> EmulatorResponse {
        harness.post(.signUpChallenge, ["client_id": clientID, "continuation_token": token, "challenge_type": allTypes])
    }

    @Test("codes have the policy's length, are digits, vary, and appear only in the outbox")
    func codeShape() throws {
        let (harness, _) = try pendingSignUp()
        let code = try harness.code(to: username)
        #expect(code.count == 6 && code.allSatisfy(\.isNumber))
        var codes = Set<String>()
        for index in 0..<12 {
            let other = "person\(index)@contoso.com"
            let started = try harness.token(.signUpStart, ["client_id": clientID, "username": other, "challenge_type": allTypes])
            let answer = harness.post(.signUpChallenge, ["client_id": clientID, "continuation_token": started, "challenge_type": allTypes])
            let sent = try harness.code(to: other)
            #expect(answer.jsonObject?["code_length"] as? Int == 6)
            #expect(!String(decoding: answer.body, as: UTF8.self).contains(sent), "the code must not be in the HTTP answer")
            codes.insert(sent)
        }
        #expect(codes.count > 1, "codes from a CSPRNG are not all the same")
    }

    @Test("a code is single use: the token it was entered with is spent")
    func singleUse() throws {
        let (harness, token) = try pendingSignUp()
        let code = try harness.code(to: username)
        #expect(enter(harness, token, code).status == 200)
        let again = enter(harness, token, code)
        #expect(again.status == 400)
        #expect(again.jsonObject?["error"] as? String == "invalid_request")
    }

    @Test("a verified code stays spent even where its flow would keep the token (a step failing after the check)")
    func verifiedCodeIsSpent() throws {
        let harness = try Harness(preset: "strict")
        let emulator = harness.emulator
        let now = emulator.clock.now
        let session = FlowSession(clientID: clientID, challengeTypes: [.oob], capabilities: [], username: username, userID: nil,
                                  step: .signUpCodeSent, expiresAt: now.addingTimeInterval(600))
        let sent = try emulator.sendCode(session, channel: "email", target: username, purpose: .signUp, now: now)
        var form = FormBody()
        form.set(.oob, sent.code)
        let context = RequestContext(endpoint: .signUpContinue, form: form, now: now, origin: "http://127.0.0.1", viaDomainName: false)
        try emulator.verifyCode(session, context)
        #expect(throws: ProtocolError.self, "the same code was accepted twice") { try emulator.verifyCode(session, context) }
    }

    @Test("a code expires after otp.ttlSeconds even while the flow is alive")
    func expiry() throws {
        let (harness, token) = try pendingSignUp()
        let code = try harness.code(to: username)
        harness.advance(121)
        let late = enter(harness, token, code)
        #expect(late.jsonObject?["suberror"] as? String == "invalid_oob_value")
    }

    @Test("after otp.maxAttempts wrong entries the right code is refused until a resend")
    func attemptLimit() throws {
        let (harness, token) = try pendingSignUp()
        let code = try harness.code(to: username)
        for _ in 0..<3 { #expect(enter(harness, token, wrong(code)).jsonObject?["suberror"] as? String == "invalid_oob_value") }
        #expect(enter(harness, token, code).jsonObject?["suberror"] as? String == "invalid_oob_value", "dead code accepted")
        harness.advance(121)
        let resent = try #require(resend(harness, token).jsonObject?["continuation_token"] as? String)
        #expect(enter(harness, resent, try harness.code(to: username)).status == 200)
    }

    @Test("a resend inside resendIntervalSeconds is refused and the current code keeps working")
    func resendTooSoon() throws {
        let (harness, token) = try pendingSignUp()
        let refused = resend(harness, token)
        #expect(refused.status == 400)
        #expect(refused.jsonObject?["error"] as? String == "invalid_request")
        #expect(harness.emulator.outbox.messages(to: username).count == 1, "no second code was sent")
        #expect(enter(harness, token, try harness.code(to: username)).status == 200)
    }

    @Test("a resend invalidates the previous code")
    func resendInvalidates() throws {
        let (harness, token) = try pendingSignUp()
        let first = try harness.code(to: username)
        harness.advance(121)
        let resent = try #require(resend(harness, token).jsonObject?["continuation_token"] as? String)
        let second = try harness.code(to: username)
        if first != second {
            #expect(enter(harness, resent, first).jsonObject?["suberror"] as? String == "invalid_oob_value")
        }
        #expect(enter(harness, resent, second).status == 200)
    }
}
