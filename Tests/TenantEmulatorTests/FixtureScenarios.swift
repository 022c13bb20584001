import Foundation
import NativeAuthWire
import TestSupport
@testable import TenantEmulator

/// How to drive a fresh emulator into the state of one documented exchange: returns the emulator and
/// the fixture's request form with live values (tokens, codes, method ids) substituted.
typealias Scenario = @Sendable (Fixture) throws -> (Harness, [String: String])

/// Fixtures the emulator does not reproduce, and why. Every other fixture must have a scenario.
let skippedFixtures: [String: String] = [
    "malformed-challenge-extra-fields": "constructed to test client robustness (extra fields), not a service state",
    "malformed-challenge-oob-missing-code-length": "constructed: a body missing a mandatory field; the emulator always sends it",
    "malformed-initiate-non-json-body": "constructed: a captive-portal HTML page, not the service",
    "malformed-signup-continue-truncated-json": "constructed: a truncated body from a broken network path",
    "malformed-token-502-html": "constructed: a gateway's 502 HTML page, not the service",
    "malformed-token-unknown-error": "constructed: an error string the service does not document",
    "signin-token-invalid-request-50142": "Conditional Access 'password change required' is not emulated",
]

private func with(_ fixture: Fixture, _ changes: [String: String]) -> [String: String] {
    fixture.form.merging(changes) { _, new in new }
}

private let jane = "jane.doe@contoso.com"
private let janePassword = "Blue-Harbor-7419!"
private let sam = "sam.lee@contoso.com"
private let samPassword = "Green-Valley-3381!"
private let ext = "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_"

/// Sign-up through credential_required: the token for signup/challenge (password).
private func credentialRequired(_ harness: Harness, _ username: String) throws -> String {
    let token = try harness.signUpCodeToken(username)
    let answer = try harness.verifySignUp(token, username)
    guard answer["error"] as? String == "credential_required", let next = answer["continuation_token"] as? String else {
        throw HarnessError.noToken("continue", "\(answer)")
    }
    return next
}

/// Sign-up to the password step: the token for continue(password).
private func passwordStep(_ harness: Harness, _ username: String) throws -> String {
    try harness.token(.signUpChallenge, ["client_id": clientID, "continuation_token": try credentialRequired(harness, username), "challenge_type": allTypes])
}

/// Attributes preset: verified, password set, attributes asked for.
private func attributesStep(_ harness: Harness, _ username: String) throws -> String {
    let token = try passwordStep(harness, username)
    return try harness.token(.signUpContinue, ["client_id": clientID, "continuation_token": token, "grant_type": "password", "password": "Quiet-Lantern-2288!"])
}

/// Password reset to the polling step with the given sequence.
private func resetPolling(_ sequence: [PollStatus]) throws -> (Harness, String) {
    let harness = try Harness { $0.passwordReset.pollSequence = sequence }
    let started = try harness.token(.resetPasswordStart, ["client_id": clientID, "username": jane, "challenge_type": allTypes])
    let sent = try harness.token(.resetPasswordChallenge, ["client_id": clientID, "continuation_token": started, "challenge_type": allTypes])
    let verified = try harness.token(.resetPasswordContinue, ["client_id": clientID, "continuation_token": sent, "grant_type": "oob", "oob": try harness.code(to: jane)])
    let polling = try harness.token(.resetPasswordSubmit, ["client_id": clientID, "continuation_token": verified, "new_password": "Copper-Meadow-5530!"])
    return (harness, polling)
}

/// Completed sign-up: the token for /token (grant continuation_token).
private func signedUp(_ harness: Harness, _ username: String) throws -> String {
    let token = try harness.signUpCodeToken(username, password: "Quiet-Lantern-2288!", attributes: #"{"displayName":"Chris Ng"}"#)
    let answer = try harness.verifySignUp(token, username)
    guard let next = answer["continuation_token"] as? String, answer["error"] == nil else { throw HarnessError.noToken("continue", "\(answer)") }
    return next
}

/// A successful password sign-in's refresh token.
private func refreshToken(_ harness: Harness) throws -> String {
    let answer = harness.passwordGrant(try harness.signInPasswordToken(jane), jane, janePassword)
    guard let token = answer.jsonObject?["refresh_token"] as? String else { throw HarnessError.noToken("token", "\(answer.jsonObject ?? [:])") }
    return token
}

/// The MFA preset with the registration fast pass possible for jane (she has no method yet).
private func janeWithoutMethods(_ policy: inout TenantPolicy) {
    for index in policy.users.indices where policy.users[index].email == jane { policy.users[index].methods = [] }
}

let scenarios: [String: Scenario] = [
    // Refresh (docs/protocol.md §N6)
    "refresh-token-success": { fixture in
        let harness = try Harness()
        return (harness, with(fixture, ["refresh_token": try refreshToken(harness)]))
    },
    "refresh-token-invalid-grant-expired": { fixture in
        let harness = try Harness()
        let token = try refreshToken(harness)
        harness.advance(86_401)
        return (harness, with(fixture, ["refresh_token": token]))
    },
    "refresh-token-invalid-grant-malformed": { fixture in (try Harness(), fixture.form) },
    "refresh-token-invalid-grant-50076": { fixture in
        // Field case 005 (docs/field-cases.md): tokens issued while MFA was off; the tenant then requires MFA.
        let database = ScratchDatabase()
        let before = try Harness(preset: "mfa", dataFile: database.path) { $0.mfa.required = false }
        let token = try refreshToken(before)
        before.emulator.close()
        let after = try Harness(preset: "mfa", dataFile: database.path)
        after.scratch = database
        return (after, with(fixture, ["refresh_token": token]))
    },
    // Registration (docs/protocol.md §N3.7)
    "register-introspect-success": { fixture in
        let harness = try Harness(preset: "mfa")
        let response = harness.passwordGrant(try harness.signInPasswordToken(sam), sam, samPassword)
        return (harness, with(fixture, ["continuation_token": response.jsonObject?["continuation_token"] as? String ?? ""]))
    },
    "register-challenge-oob-sms": { fixture in
        let harness = try Harness(preset: "mfa")
        return (harness, with(fixture, ["continuation_token": try harness.registrationToken(sam, samPassword)]))
    },
    "register-challenge-invalid-request-901001": { fixture in
        let harness = try Harness(preset: "mfa")
        return (harness, with(fixture, ["continuation_token": try harness.registrationToken(sam, samPassword)]))
    },
    "register-challenge-access-denied-provider-blocked-by-admin": { fixture in
        let harness = try Harness(preset: "mfa") { $0.mfa.smsBlocked = .admin }
        return (harness, with(fixture, ["continuation_token": try harness.registrationToken(sam, samPassword)]))
    },
    "register-challenge-preverified": { fixture in
        let harness = try Harness(preset: "mfa", configure: janeWithoutMethods)
        return (harness, with(fixture, ["continuation_token": try harness.registrationToken(jane, janePassword)]))
    },
    "register-continue-continuation-token-success": { fixture in
        let harness = try Harness(preset: "mfa", configure: janeWithoutMethods)
        let token = try harness.token(.registerChallenge, ["client_id": clientID, "continuation_token": try harness.registrationToken(jane, janePassword),
                                                           "challenge_type": "oob", "challenge_target": jane, "challenge_channel": "email"])
        return (harness, with(fixture, ["continuation_token": token]))
    },
    "register-continue-success": { fixture in
        let harness = try Harness(preset: "mfa")
        let token = try harness.token(.registerChallenge, ["client_id": clientID, "continuation_token": try harness.registrationToken(sam, samPassword),
                                                           "challenge_type": "oob", "challenge_target": "+1 4255550123", "challenge_channel": "sms"])
        return (harness, with(fixture, ["continuation_token": token, "oob": try harness.code(to: "+1 4255550123")]))
    },
    "register-continue-invalid-oob-value": { fixture in
        let harness = try Harness(preset: "mfa")
        let token = try harness.token(.registerChallenge, ["client_id": clientID, "continuation_token": try harness.registrationToken(sam, samPassword),
                                                           "challenge_type": "oob", "challenge_target": "+1 4255550123", "challenge_channel": "sms"])
        let wrong = try harness.code(to: "+1 4255550123") == "00000000" ? "11111111" : "00000000"
        return (harness, with(fixture, ["continuation_token": token, "oob": wrong]))
    },
    "register-token-success": { fixture in
        let harness = try Harness(preset: "mfa")
        let sent = try harness.token(.registerChallenge, ["client_id": clientID, "continuation_token": try harness.registrationToken(sam, samPassword),
                                                          "challenge_type": "oob", "challenge_target": "+1 4255550123", "challenge_channel": "sms"])
        let done = try harness.token(.registerContinue, ["client_id": clientID, "continuation_token": sent, "grant_type": "oob",
                                                         "oob": try harness.code(to: "+1 4255550123")])
        return (harness, with(fixture, ["continuation_token": done]))
    },
    // Password reset (docs/protocol.md §N5)
    "resetpassword-start-success": { fixture in (try Harness(), fixture.form) },
    "resetpassword-start-user-not-found": { fixture in (try Harness(), fixture.form) },
    "resetpassword-start-user-has-no-password": { fixture in (try Harness(), fixture.form) },
    "resetpassword-challenge-oob": { fixture in
        let harness = try Harness()
        return (harness, with(fixture, ["continuation_token": try harness.token(.resetPasswordStart, ["client_id": clientID, "username": jane, "challenge_type": allTypes])]))
    },
    "resetpassword-continue-success": { fixture in
        let harness = try Harness()
        let started = try harness.token(.resetPasswordStart, ["client_id": clientID, "username": jane, "challenge_type": allTypes])
        let sent = try harness.token(.resetPasswordChallenge, ["client_id": clientID, "continuation_token": started, "challenge_type": allTypes])
        return (harness, with(fixture, ["continuation_token": sent, "oob": try harness.code(to: jane)]))
    },
    "resetpassword-continue-invalid-oob-value": { fixture in
        let harness = try Harness()
        let started = try harness.token(.resetPasswordStart, ["client_id": clientID, "username": jane, "challenge_type": allTypes])
        let sent = try harness.token(.resetPasswordChallenge, ["client_id": clientID, "continuation_token": started, "challenge_type": allTypes])
        let wrong = try harness.code(to: jane) == "00000000" ? "11111111" : "00000000"
        return (harness, with(fixture, ["continuation_token": sent, "oob": wrong]))
    },
    "resetpassword-submit-success": { fixture in
        let harness = try Harness()
        let started = try harness.token(.resetPasswordStart, ["client_id": clientID, "username": jane, "challenge_type": allTypes])
        let sent = try harness.token(.resetPasswordChallenge, ["client_id": clientID, "continuation_token": started, "challenge_type": allTypes])
        let verified = try harness.token(.resetPasswordContinue, ["client_id": clientID, "continuation_token": sent, "grant_type": "oob", "oob": try harness.code(to: jane)])
        return (harness, with(fixture, ["continuation_token": verified]))
    },
    "resetpassword-submit-password-recently-used": { fixture in
        let harness = try Harness()
        let started = try harness.token(.resetPasswordStart, ["client_id": clientID, "username": jane, "challenge_type": allTypes])
        let sent = try harness.token(.resetPasswordChallenge, ["client_id": clientID, "continuation_token": started, "challenge_type": allTypes])
        let verified = try harness.token(.resetPasswordContinue, ["client_id": clientID, "continuation_token": sent, "grant_type": "oob", "oob": try harness.code(to: jane)])
        return (harness, with(fixture, ["continuation_token": verified]))
    },
    "resetpassword-poll-completion-succeeded": { fixture in
        let (harness, token) = try resetPolling([.succeeded])
        return (harness, with(fixture, ["continuation_token": token]))
    },
    "resetpassword-poll-completion-in-progress": { fixture in
        let (harness, token) = try resetPolling([.inProgress, .succeeded])
        return (harness, with(fixture, ["continuation_token": token]))
    },
    "resetpassword-poll-completion-not-started": { fixture in
        let (harness, token) = try resetPolling([.notStarted, .succeeded])
        return (harness, with(fixture, ["continuation_token": token]))
    },
    "resetpassword-poll-completion-failed": { fixture in
        let (harness, token) = try resetPolling([.failed])
        return (harness, with(fixture, ["continuation_token": token]))
    },
    "resetpassword-token-success": { fixture in
        let (harness, token) = try resetPolling([.succeeded])
        let done = try harness.token(.resetPasswordPollCompletion, ["client_id": clientID, "continuation_token": token])
        return (harness, with(fixture, ["continuation_token": done]))
    },
    // Sign-in (docs/protocol.md §N3)
    "signin-initiate-success": { fixture in (try Harness(), fixture.form) },
    "signin-initiate-user-not-found": { fixture in (try Harness(), fixture.form) },
    "signin-initiate-unsupported-challenge-type": { fixture in (try Harness(), fixture.form) },
    "signin-initiate-redirect": { fixture in (try Harness(), fixture.form) },
    "signin-initiate-unauthorized-client": { fixture in
        (try Harness { $0.clients[0].clientID = "00000000-0000-4000-8000-000000000001" }, fixture.form)
    },
    "signin-initiate-invalid-client-nativeauthapi-disabled": { fixture in
        let harness = try Harness { $0.clients.append(.init(clientID: fixture.form["client_id"] ?? "", nativeAuth: false, publicClient: true)) }
        return (harness, fixture.form)
    },
    "signin-initiate-invalid-client-confidential": { fixture in
        let harness = try Harness { $0.clients.append(.init(clientID: fixture.form["client_id"] ?? "", nativeAuth: true, publicClient: false)) }
        return (harness, fixture.form)
    },
    "signin-challenge-password": { fixture in
        let harness = try Harness()
        return (harness, with(fixture, ["continuation_token": try harness.token(.signInInitiate, ["client_id": clientID, "username": jane, "challenge_type": allTypes])]))
    },
    "signin-challenge-oob": { fixture in
        let harness = try Harness(preset: "email-otp")
        return (harness, with(fixture, ["continuation_token": try harness.token(.signInInitiate, ["client_id": clientID, "username": "alex.kim@contoso.com", "challenge_type": allTypes])]))
    },
    "signin-challenge-redirect": { fixture in
        let harness = try Harness()
        return (harness, with(fixture, ["continuation_token": try harness.token(.signInInitiate, ["client_id": clientID, "username": jane, "challenge_type": allTypes])]))
    },
    "signin-challenge-expired-token": { fixture in
        let harness = try Harness()
        let token = try harness.token(.signInInitiate, ["client_id": clientID, "username": jane, "challenge_type": allTypes])
        harness.advance(601)
        return (harness, with(fixture, ["continuation_token": token]))
    },
    "signin-challenge-introspect-required": { fixture in
        let harness = try Harness(preset: "mfa") { $0.mfa.legacyFlow = true }
        return (harness, with(fixture, ["continuation_token": try harness.mfaRequiredToken(jane, janePassword)]))
    },
    "signin-challenge-mfa-oob-sms": { fixture in
        let harness = try Harness(preset: "mfa")
        let (token, methods) = try harness.introspect(try harness.mfaRequiredToken(jane, janePassword))
        return (harness, with(fixture, ["continuation_token": token, "id": methods["sms"] ?? ""]))
    },
    "signin-challenge-access-denied-provider-blocked-by-rep": { fixture in
        let harness = try Harness(preset: "mfa") { $0.mfa.smsBlocked = .reputation }
        let (token, methods) = try harness.introspect(try harness.mfaRequiredToken(jane, janePassword))
        return (harness, with(fixture, ["continuation_token": token, "id": methods["sms"] ?? ""]))
    },
    "signin-introspect-success": { fixture in
        let harness = try Harness(preset: "mfa")
        return (harness, with(fixture, ["continuation_token": try harness.mfaRequiredToken(jane, janePassword)]))
    },
    "signin-token-success": { fixture in
        let harness = try Harness()
        return (harness, with(fixture, ["continuation_token": try harness.signInPasswordToken(jane)]))
    },
    "signin-token-invalid-grant-50126": { fixture in
        let harness = try Harness()
        return (harness, with(fixture, ["continuation_token": try harness.signInPasswordToken(jane)]))
    },
    "signin-token-invalid-grant-50034": { fixture in
        let harness = try Harness()
        let token = try harness.signInPasswordToken(jane)
        // The account disappears between challenge and token; flows are kept so the token is still known.
        try harness.emulator.store.deleteAllUsers()
        return (harness, with(fixture, ["continuation_token": token]))
    },
    "signin-token-invalid-grant-invalid-oob-value": { fixture in
        let harness = try Harness(preset: "email-otp")
        let token = try harness.signInCodeToken("alex.kim@contoso.com")
        let wrong = try harness.code(to: "alex.kim@contoso.com") == "00000000" ? "11111111" : "00000000"
        return (harness, with(fixture, ["continuation_token": token, "oob": wrong]))
    },
    "signin-token-mfa-required": { fixture in
        let harness = try Harness(preset: "mfa")
        return (harness, with(fixture, ["continuation_token": try harness.signInPasswordToken(jane)]))
    },
    "signin-token-mfa-oob-success": { fixture in
        let harness = try Harness(preset: "mfa")
        let (token, methods) = try harness.introspect(try harness.mfaRequiredToken(jane, janePassword))
        let sent = try harness.token(.signInChallenge, ["client_id": clientID, "continuation_token": token, "challenge_type": allTypes, "id": methods["email"] ?? ""])
        return (harness, with(fixture, ["continuation_token": sent, "oob": try harness.code(to: "jane.backup@contoso.com")]))
    },
    "signin-token-registration-required": { fixture in
        let harness = try Harness(preset: "mfa")
        return (harness, with(fixture, ["continuation_token": try harness.signInPasswordToken(sam), "username": sam, "password": samPassword]))
    },
    "signin-token-redirect": { fixture in
        let harness = try Harness(preset: "mfa")
        return (harness, with(fixture, ["continuation_token": try harness.signInPasswordToken(sam, capabilities: "mfa_required"),
                                        "username": sam, "password": samPassword]))
    },
    // Sign-up (docs/protocol.md §N4)
    "signup-start-success": { fixture in (try Harness(preset: "attributes"), fixture.form) },
    "signup-start-user-already-exists": { fixture in (try Harness(), fixture.form) },
    "signup-start-password-too-weak": { fixture in (try Harness(), fixture.form) },
    "signup-start-redirect": { fixture in (try Harness(), fixture.form) },
    "signup-start-attribute-validation-failed": { fixture in (try Harness(preset: "attributes"), fixture.form) },
    "signup-challenge-oob": { fixture in
        let harness = try Harness()
        let started = try harness.token(.signUpStart, ["client_id": clientID, "username": jane.replacingOccurrences(of: "jane", with: "new"), "challenge_type": allTypes])
        return (harness, with(fixture, ["continuation_token": started]))
    },
    "signup-challenge-password": { fixture in
        let harness = try Harness()
        return (harness, with(fixture, ["continuation_token": try credentialRequired(harness, "chris.ng@contoso.com")]))
    },
    "signup-continue-success": { fixture in
        let harness = try Harness()
        let username = "chris.ng@contoso.com"
        let token = try harness.signUpCodeToken(username, password: "Quiet-Lantern-2288!", attributes: #"{"displayName":"Chris Ng"}"#)
        return (harness, with(fixture, ["continuation_token": token, "oob": try harness.code(to: username)]))
    },
    "signup-continue-invalid-oob-value": { fixture in
        let harness = try Harness()
        let username = "chris.ng@contoso.com"
        let token = try harness.signUpCodeToken(username, password: "Quiet-Lantern-2288!")
        let wrong = try harness.code(to: username) == "00000000" ? "11111111" : "00000000"
        return (harness, with(fixture, ["continuation_token": token, "oob": wrong]))
    },
    "signup-continue-credential-required": { fixture in
        let harness = try Harness()
        let username = "chris.ng@contoso.com"
        let token = try harness.signUpCodeToken(username)
        return (harness, with(fixture, ["continuation_token": token, "oob": try harness.code(to: username)]))
    },
    "signup-continue-password-too-short": { fixture in
        let harness = try Harness()
        return (harness, with(fixture, ["continuation_token": try passwordStep(harness, "chris.ng@contoso.com")]))
    },
    "signup-continue-attributes-required": { fixture in
        let harness = try Harness(preset: "attributes")
        return (harness, with(fixture, ["continuation_token": try passwordStep(harness, "chris.ng@contoso.com")]))
    },
    "signup-continue-attributes-required-again": { fixture in
        let harness = try Harness(preset: "attributes")
        return (harness, with(fixture, ["continuation_token": try attributesStep(harness, "chris.ng@contoso.com")]))
    },
    "signup-continue-attribute-validation-failed": { fixture in
        let harness = try Harness(preset: "attributes")
        return (harness, with(fixture, ["continuation_token": try attributesStep(harness, "chris.ng@contoso.com")]))
    },
    "signup-continue-verification-required": { fixture in
        let harness = try Harness(preset: "attributes")
        return (harness, with(fixture, ["continuation_token": try harness.signUpCodeToken("chris.ng@contoso.com", password: "Quiet-Lantern-2288!")]))
    },
    "signup-continue-expired-token": { fixture in
        let harness = try Harness(preset: "attributes")
        let token = try attributesStep(harness, "chris.ng@contoso.com")
        harness.advance(601)
        return (harness, with(fixture, ["continuation_token": token]))
    },
    "signup-token-success": { fixture in
        let harness = try Harness()
        return (harness, with(fixture, ["continuation_token": try signedUp(harness, "chris.ng@contoso.com"), "username": "chris.ng@contoso.com"]))
    },
]
