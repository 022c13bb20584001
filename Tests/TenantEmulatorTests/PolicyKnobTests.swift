import Foundation
import Testing
@testable import TenantEmulator

/// `PATCH /emulator/v1/tenant` and `DELETE /emulator/v1/users/{email}`: the console's emulator panel uses them.
@Suite("Control API: policy knobs and removing one user")
struct PolicyKnobTests {
    @Test("a knob changes the next answer, not only the summary")
    func mfaKnobChangesTheNextSignIn() throws {
        let harness = try Harness()
        let changed = harness.control("PATCH", "tenant", body: #"{"mfa": {"required": true, "registrationRequired": true}, "passwordReset": {"enabled": false}}"#)
        #expect(changed.status == 200)
        #expect((changed.jsonObject?["mfa"] as? [String: Any])?["required"] as? Bool == true)
        #expect(harness.emulator.policy.mfa.required && !harness.emulator.policy.passwordReset.enabled)
        let answer = harness.passwordGrant(try harness.signInPasswordToken("jane.doe@contoso.com"), "jane.doe@contoso.com", "Blue-Harbor-7419!")
        // Jane has no strong method yet: MFA now asks her to register one.
        #expect(answer.jsonObject?["suberror"] as? String == "registration_required", "\(String(decoding: answer.body, as: UTF8.self))")
    }

    @Test("sign-up method and attribute requirements")
    func signUpKnobs() throws {
        let harness = try Harness(preset: "attributes")
        let body = #"{"signUp": {"method": "emailOtp", "attributes": [{"name": "displayName", "required": false}]}}"#
        #expect(harness.control("PATCH", "tenant", body: body).status == 200)
        #expect(harness.emulator.policy.signUp.method == .emailOtp)
        #expect(harness.emulator.policy.signUp.attributes.first { $0.name == "displayName" }?.required == false)
    }

    @Test("bad knobs are refused whole, naming the field", arguments: [
        (#"{"mfa": {"required": "yes"}}"#, "mfa.required must be true or false"),
        (#"{"tokens": {}}"#, "tokens cannot be changed"),
        (#"{"signUp": {"method": "magic"}}"#, "signUp.method must be emailPassword or emailOtp"),
        (#"{"mfa": {"required": true}, "signUp": {"attributes": [{"name": "shoeSize", "required": true}]}}"#,
         "signUp.attributes[0].name must name one of the policy's attributes"),
        ("[]", "body must be a JSON object"),
    ])
    func refused(body: String, message: String) throws {
        let harness = try Harness()
        let answer = harness.control("PATCH", "tenant", body: body)
        #expect(answer.status == 400)
        #expect((answer.jsonObject?["error"] as? String)?.contains(message) == true, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(!harness.emulator.policy.mfa.required, "a refused body changed nothing")
    }

    @Test("one user is removed; the others stay")
    func removeOneUser() throws {
        let harness = try Harness()
        #expect(harness.control("DELETE", "users/jane.doe%40contoso.com").status == 200)
        let users = (try? JSONSerialization.jsonObject(with: harness.control("GET", "users").body)) as? [[String: Any]] ?? []
        #expect(Set(users.compactMap { $0["email"] as? String }) == ["alex.kim@contoso.com", "ops@contoso.com"])
        #expect(harness.control("DELETE", "users/jane.doe@contoso.com").status == 404)
    }
}
