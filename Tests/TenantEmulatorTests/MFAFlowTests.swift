import Foundation
import Testing
@testable import TenantEmulator

/// MFA variants beyond the documented exchanges: the legacy default-method challenge and the old `oob` grant.
@Suite("MFA variants")
struct MFAFlowTests {
    let jane = "jane.doe@contoso.com"
    let password = "Blue-Harbor-7419!"

    @Test("legacy flow: with a single method, /challenge without id sends the code there")
    func legacySingleMethod() throws {
        let harness = try Harness(preset: "mfa") { policy in
            policy.mfa.legacyFlow = true
            for index in policy.users.indices where policy.users[index].email == "jane.doe@contoso.com" {
                policy.users[index].methods = [.init(channel: .email, target: "jane.backup@contoso.com")]
            }
        }
        let token = try harness.mfaRequiredToken(jane, password)
        let sent = harness.post(.signInChallenge, ["client_id": clientID, "continuation_token": token, "challenge_type": allTypes])
        #expect(sent.status == 200)
        #expect(sent.jsonObject?["challenge_channel"] as? String == "email")
        #expect(harness.emulator.outbox.latest(to: "jane.backup@contoso.com")?.purpose == .mfa)
    }

    @Test("the older `oob` grant completes MFA like `mfa_oob`, and a wrong MFA code keeps the token")
    func oobGrantForMFA() throws {
        let harness = try Harness(preset: "mfa")
        let (token, methods) = try harness.introspect(try harness.mfaRequiredToken(jane, password))
        let sent = try harness.token(.signInChallenge, ["client_id": clientID, "continuation_token": token, "challenge_type": allTypes, "id": methods["email"] ?? ""])
        let code = try harness.code(to: "jane.backup@contoso.com")
        let wrong = harness.post(.token, ["client_id": clientID, "continuation_token": sent, "grant_type": "oob", "oob": code == "00000000" ? "1" : "00000000"])
        #expect(wrong.jsonObject?["suberror"] as? String == "invalid_oob_value")
        let done = harness.post(.token, ["client_id": clientID, "continuation_token": sent, "grant_type": "oob", "oob": code, "scope": "openid offline_access"])
        #expect(done.status == 200 && done.jsonObject?["access_token"] is String)
        #expect(try harness.signIns(of: jane) == 1)
    }

    @Test("without the mfa_required capability the sign-in ends in a redirect with the reason")
    func missingCapability() throws {
        let harness = try Harness(preset: "mfa")
        let answer = harness.passwordGrant(try harness.signInPasswordToken(jane, capabilities: "registration_required"), jane, password)
        #expect(answer.status == 200)
        #expect(answer.jsonObject?["challenge_type"] as? String == "redirect")
        #expect(answer.jsonObject?["redirect_reason"] as? String == "Client is missing mfa_required capability")
    }

    @Test("a refresh token minted after MFA keeps working while MFA is required")
    func refreshAfterMFA() throws {
        let harness = try Harness(preset: "mfa")
        let (token, methods) = try harness.introspect(try harness.mfaRequiredToken(jane, password))
        let sent = try harness.token(.signInChallenge, ["client_id": clientID, "continuation_token": token, "challenge_type": allTypes, "id": methods["email"] ?? ""])
        let done = harness.post(.token, ["client_id": clientID, "continuation_token": sent, "grant_type": "mfa_oob",
                                         "oob": try harness.code(to: "jane.backup@contoso.com"), "scope": "openid offline_access"])
        let refresh = try #require(done.jsonObject?["refresh_token"] as? String)
        let refreshed = harness.post(.token, ["client_id": clientID, "grant_type": "refresh_token", "refresh_token": refresh, "scope": "openid offline_access"])
        #expect(refreshed.status == 200)
    }

}

/// Password reset beyond the documented exchanges.
@Suite("Password reset")
struct ResetPasswordTests {
    @Test("a failed poll lets the user submit another password; the reset applies only when a poll succeeds")
    func failedThenSucceeded() throws {
        let jane = "jane.doe@contoso.com"
        let harness = try Harness { $0.passwordReset.pollSequence = [.failed, .succeeded] }
        let started = try harness.token(.resetPasswordStart, ["client_id": clientID, "username": jane, "challenge_type": allTypes])
        let sent = try harness.token(.resetPasswordChallenge, ["client_id": clientID, "continuation_token": started, "challenge_type": allTypes])
        let verified = try harness.token(.resetPasswordContinue, ["client_id": clientID, "continuation_token": sent, "grant_type": "oob", "oob": try harness.code(to: jane)])
        let polling = try harness.token(.resetPasswordSubmit, ["client_id": clientID, "continuation_token": verified, "new_password": "First-Choice-2026!"])
        let failed = try harness.json(.resetPasswordPollCompletion, ["client_id": clientID, "continuation_token": polling])
        #expect(failed["status"] as? String == "failed")
        #expect(harness.passwordGrant(try harness.signInPasswordToken(jane), jane, "Blue-Harbor-7419!").status == 200, "old password still works")
        let again = try harness.token(.resetPasswordSubmit, ["client_id": clientID, "continuation_token": failed["continuation_token"] as? String ?? "",
                                                             "new_password": "Second-Choice-2026!"])
        let succeeded = try harness.json(.resetPasswordPollCompletion, ["client_id": clientID, "continuation_token": again])
        #expect(succeeded["status"] as? String == "succeeded")
        #expect(harness.passwordGrant(try harness.signInPasswordToken(jane), jane, "Second-Choice-2026!").status == 200)
        #expect(harness.passwordGrant(try harness.signInPasswordToken(jane), jane, "Blue-Harbor-7419!").jsonObject?["error"] as? String == "invalid_grant")
    }
}
