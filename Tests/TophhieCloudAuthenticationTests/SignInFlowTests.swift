import Foundation
import TestSupport
import Testing
import TophhieCloudAuthentication

/// Sign-in with password, passwordless, MFA and strong-auth registration (docs/protocol.md §N3), form bodies exact.
@Suite struct SignInFlowTests {
    static let initiate = Step(.signInInitiate, form: Kit.start(), response: Kit.token("t1"))

    @Test func passwordSignIn() async throws {
        let server = ScriptedTransport([
            Self.initiate,
            Step(.signInChallenge, form: Kit.challenge("t1"), response: Kit.passwordChallenge("t2")),
            Step(.token, form: Kit.tokenRequest("t2", grant: "password",
                 ["username": Kit.email, "password": "Quiet-Lantern-2288!", "challenge_type": Kit.challengeTypes]),
                 response: Kit.tokens()),
        ])
        guard case .completed(let result) = try await Kit.auth(server).signIn(email: Kit.email, password: "Quiet-Lantern-2288!") else {
            Issue.record("not completed"); return
        }
        #expect(result.account.tenantID == "tid-1")
        #expect(result.scopes == ["openid", "profile", "User.Read"])
        #expect(!result.description.contains(Kit.accessToken))
        #expect(!String(reflecting: result).contains(Kit.refreshToken))
        #expect(server.mismatches == [])
    }

    @Test func wrongPasswordAndUnknownUserAreDistinctErrors() async throws {
        let server = ScriptedTransport([
            Self.initiate,
            Step(.signInChallenge, form: Kit.challenge("t1"), response: Kit.passwordChallenge("t2")),
            Step(.token, form: Kit.tokenRequest("t2", grant: "password",
                 ["username": Kit.email, "password": "wrong", "challenge_type": Kit.challengeTypes]),
                 response: Kit.error("invalid_grant", code: 50126)),
            Step(.signInInitiate, form: Kit.start(), response: Kit.error("user_not_found", code: 50034)),
        ])
        let auth = try Kit.auth(server)
        await #expect(throws: NativeAuthError.invalidCredentials(details("invalid_grant", nil, 50126))) {
            _ = try await auth.signIn(email: Kit.email, password: "wrong")
        }
        await #expect(throws: NativeAuthError.userNotFound(details("user_not_found", nil, 50034))) {
            _ = try await auth.signIn(email: Kit.email, password: "any")
        }
        #expect(server.mismatches == [])
    }

    @Test func passwordlessSignInWithWrongCodeThenRightCode() async throws {
        let server = ScriptedTransport([
            Self.initiate,
            Step(.signInChallenge, form: Kit.challenge("t1"), response: Kit.oob("t2", length: 6)),
            Step(.token, form: Kit.tokenRequest("t2", grant: "oob", ["oob": "000000"]),
                 response: Kit.error("invalid_grant", suberror: "invalid_oob_value", code: 50181)),
            Step(.token, form: Kit.tokenRequest("t2", grant: "oob", ["oob": "730159"]), response: Kit.tokens()),
        ])
        guard case .codeRequired(let step) = try await Kit.auth(server).signIn(email: Kit.email) else { Issue.record("no code"); return }
        #expect(step.codeLength == 6)
        #expect(step.channel == .email)
        await #expect(throws: NativeAuthError.invalidCode(details("invalid_grant", "invalid_oob_value", 50181))) {
            _ = try await step.submitCode("000000")
        }
        guard case .completed = try await step.submitCodeForNextStep("730159") else { Issue.record("not completed"); return }
        #expect(server.mismatches == [])
    }

    /// The seed-shaped `submitCode` returns tokens; when the server still wants MFA after a passwordless
    /// code, it throws `.furtherStepRequired` carrying the MFA step, which continues the same sign-in.
    @Test func passwordlessCodeThenMFAIsAFurtherStepThatContinues() async throws {
        let methods = #"{"continuation_token":"t4","methods":[{"id":"m-email","challenge_type":"oob","challenge_channel":"email","login_hint":"j***@c*****o.com"}]}"#
        let server = ScriptedTransport([
            Self.initiate,
            Step(.signInChallenge, form: Kit.challenge("t1"), response: Kit.oob("t2", length: 6)),
            Step(.token, form: Kit.tokenRequest("t2", grant: "oob", ["oob": "730159"]),
                 response: Kit.error("invalid_grant", suberror: "mfa_required", code: 50076, token: "t3")),
            Step(.signInIntrospect, form: Kit.continuing("t3"), response: .json(200, methods)),
            Step(.signInChallenge, form: Kit.challenge("t4", ["id": "m-email"]), response: Kit.oob("t5")),
            Step(.token, form: Kit.tokenRequest("t5", grant: "mfa_oob", ["oob": "24681357"]), response: Kit.tokens()),
        ])
        guard case .codeRequired(let step) = try await Kit.auth(server).signIn(email: Kit.email) else { Issue.record("no code"); return }
        var further: NativeSignInStep?
        do {
            _ = try await step.submitCode("730159")
            Issue.record("tokens without MFA")
        } catch NativeAuthError.furtherStepRequired(let next) {
            further = next
        }
        guard case .mfaRequired(let mfa) = further else { Issue.record("\(String(describing: further))"); return }
        #expect(NativeAuthError.furtherStepRequired(.mfaRequired(mfa)).errorDescription?.contains("second verification step") == true)
        guard case .verificationRequired(let verification) = try await mfa.requestChallenge() else { Issue.record("no code"); return }
        let result = try await verification.submitCode("24681357")
        #expect(!result.idToken.isEmpty)
        #expect(server.mismatches == [])
    }

    /// A token answer without an id token breaks the protocol: `idToken` is never empty.
    @Test func tokensWithoutAnIDTokenAreRefused() async throws {
        let server = ScriptedTransport([
            Self.initiate,
            Step(.signInChallenge, form: Kit.challenge("t1"), response: Kit.oob("t2", length: 6)),
            Step(.token, form: Kit.tokenRequest("t2", grant: "oob", ["oob": "730159"]),
                 response: .json(200, #"{"token_type":"Bearer","scope":"openid","expires_in":3600,"access_token":"a"}"#)),
        ])
        guard case .codeRequired(let step) = try await Kit.auth(server).signIn(email: Kit.email) else { Issue.record("no code"); return }
        await #expect { _ = try await step.submitCode("730159") } throws: { error in
            guard case .unexpectedResponse(let reason, _) = error as? NativeAuthError else { return false }
            return reason.contains("id_token")
        }
    }

    @Test func passwordlessForAPasswordAccountAsksForThePassword() async throws {
        let server = ScriptedTransport([
            Self.initiate,
            Step(.signInChallenge, form: Kit.challenge("t1"), response: Kit.passwordChallenge("t2")),
        ])
        await #expect(throws: NativeAuthError.passwordRequired) { _ = try await Kit.auth(server).signIn(email: Kit.email) }
    }

    /// Field case 001 (docs/field-cases.md): a client without `oob` gets a redirect on initiate; no token is looked for.
    @Test func redirectOnInitiateIsBrowserRequired() async throws {
        let server = ScriptedTransport([
            Step(.signInInitiate, form: ["client_id": Kit.clientID, "username": Kit.email, "challenge_type": "password redirect"],
                 response: .json(200, #"{"challenge_type":"redirect","redirect_reason":"The client does not support the challenge types required by the user flow."}"#)),
        ])
        let auth = TophhieNativeAuth(transport: server, sleeper: { _ in })
        try auth.configure(clientId: Kit.clientID, authority: Kit.authority, challengeTypes: [.password])
        await #expect(throws: NativeAuthError.browserRequired(
            reason: "The client does not support the challenge types required by the user flow.", .local)) {
            _ = try await auth.signIn(email: Kit.email, password: "pw")
        }
        #expect(server.mismatches == [])
    }

    /// MFA: mfa_required → introspect → selection → a blocked SMS method (field case 003, docs/field-cases.md) keeps the step →
    /// email challenge with `id` → `mfa_oob`.
    @Test func mfaWithSelectionBlockedMethodAndVerification() async throws {
        let methods = #"{"continuation_token":"t4","methods":[{"id":"m-email","challenge_type":"oob","challenge_channel":"email","login_hint":"j***@c*****o.com"},{"id":"m-sms","challenge_type":"oob","challenge_channel":"sms","login_hint":"+1********23"}]}"#
        let server = ScriptedTransport([
            Self.initiate,
            Step(.signInChallenge, form: Kit.challenge("t1"), response: Kit.passwordChallenge("t2")),
            Step(.token, form: Kit.tokenRequest("t2", grant: "password",
                 ["username": Kit.email, "password": "pw", "challenge_type": Kit.challengeTypes]),
                 response: Kit.error("invalid_grant", suberror: "mfa_required", code: 50076, token: "t3")),
            Step(.signInIntrospect, form: Kit.continuing("t3"), response: .json(200, methods)),
            Step(.signInChallenge, form: Kit.challenge("t4", ["id": "m-sms"]),
                 response: Kit.error("access_denied", suberror: "provider_blocked_by_rep", code: 550024)),
            Step(.signInChallenge, form: Kit.challenge("t4", ["id": "m-email"]), response: Kit.oob("t5")),
            Step(.signInChallenge, form: Kit.challenge("t5", ["id": "m-email"]), response: Kit.oob("t6")),
            Step(.token, form: Kit.tokenRequest("t6", grant: "mfa_oob", ["oob": "24681357"]), response: Kit.tokens()),
        ])
        guard case .mfaRequired(let mfa) = try await Kit.auth(server).signIn(email: Kit.email, password: "pw") else {
            Issue.record("no MFA"); return
        }
        #expect(mfa.methods.map(\.channel) == [.email, .sms])
        guard case .selectionRequired(let offered, let selection) = try await mfa.requestChallenge() else {
            Issue.record("no selection"); return
        }
        #expect(offered.map(\.loginHint) == ["j***@c*****o.com", "+1********23"])
        await #expect(throws: NativeAuthError.methodBlocked(details("access_denied", "provider_blocked_by_rep", 550024))) {
            _ = try await selection.requestChallenge(offered[1])
        }
        guard case .verificationRequired(let verification) = try await selection.requestChallenge(offered[0]) else {
            Issue.record("no code"); return
        }
        _ = try await verification.resendCode()
        guard case .completed = try await verification.submitCodeForNextStep("24681357") else { Issue.record("not completed"); return }
        #expect(server.mismatches == [])
    }

    /// Registration of SMS: an implausible number (field cases 002, 901 (docs/field-cases.md)001) keeps the step; then a code.
    @Test func smsRegistrationWithImplausibleNumberThenCode() async throws {
        let methods = #"{"continuation_token":"t4","methods":[{"id":"email","challenge_type":"oob","challenge_channel":"email","login_hint":"jane.doe@contoso.com"},{"id":"sms","challenge_type":"oob","challenge_channel":"sms"}]}"#
        let sent = #"{"continuation_token":"t5","challenge_type":"oob","binding_method":"prompt","challenge_target":"+14255550123","challenge_channel":"sms","code_length":8}"#
        let server = ScriptedTransport([
            Self.initiate,
            Step(.signInChallenge, form: Kit.challenge("t1"), response: Kit.passwordChallenge("t2")),
            Step(.token, form: Kit.tokenRequest("t2", grant: "password",
                 ["username": Kit.email, "password": "pw", "challenge_type": Kit.challengeTypes]),
                 response: Kit.error("invalid_grant", suberror: "registration_required", code: 50079, token: "t3")),
            Step(.registerIntrospect, form: Kit.continuing("t3"), response: .json(200, methods)),
            Step(.registerChallenge, form: Kit.continuing("t4", ["challenge_type": "oob", "challenge_target": "+123", "challenge_channel": "sms"]),
                 response: Kit.error("invalid_request", code: 901001)),
            Step(.registerChallenge, form: Kit.continuing("t4", ["challenge_type": "oob", "challenge_target": "+14255550123", "challenge_channel": "sms"]),
                 response: .json(200, sent)),
            Step(.registerContinue, form: Kit.continuing("t5", ["grant_type": "oob", "oob": "13572468"]), response: Kit.token("t6")),
            Step(.token, form: Kit.tokenRequest("t6", grant: "continuation_token"), response: Kit.tokens()),
        ])
        guard case .strongAuthRegistrationRequired(let registration) = try await Kit.auth(server).signIn(email: Kit.email, password: "pw") else {
            Issue.record("no registration"); return
        }
        #expect(registration.availableMethods.map(\.id) == ["email", "sms"])
        do {
            _ = try await registration.registerSMS(phoneNumber: "+123")
            Issue.record("accepted +123")
        } catch NativeAuthError.invalidInput(let message, let details) {
            #expect(message == "That phone number or email doesn't look right. Check it and try again.")
            #expect(details.code == 901001)
        }
        guard case .verificationRequired(let step) = try await registration.registerSMS(phoneNumber: "+14255550123") else {
            Issue.record("no code"); return
        }
        #expect(step.sentTo == "+14255550123")
        #expect(step.channel == .sms)
        guard case .completed = try await step.submitCodeForNextStep("13572468") else { Issue.record("not completed"); return }
        #expect(server.mismatches == [])
    }

    /// Registration of the email just verified: `preverified` → continue(continuation_token) → tokens.
    @Test func preverifiedEmailRegistrationCompletesAtOnce() async throws {
        let methods = #"{"continuation_token":"t2","methods":[{"id":"email","challenge_type":"oob","challenge_channel":"email","login_hint":"jane.doe@contoso.com"}]}"#
        let signUp = ScriptedTransport([
            Step(.signUpStart, form: Kit.start(), response: Kit.token("u1")),
            Step(.signUpChallenge, form: Kit.challenge("u1"), response: Kit.oob("u2")),
            Step(.signUpContinue, form: Kit.continuing("u2", ["grant_type": "oob", "oob": "1"]), response: Kit.token("s1")),
            Step(.token, form: Kit.tokenRequest("s1", grant: "continuation_token", ["username": Kit.email, "challenge_type": Kit.challengeTypes]),
                 response: Kit.error("invalid_grant", suberror: "registration_required", code: 50079, token: "t1")),
            Step(.registerIntrospect, form: Kit.continuing("t1"), response: .json(200, methods)),
            Step(.registerChallenge, form: Kit.continuing("t2", ["challenge_type": "oob", "challenge_target": Kit.email, "challenge_channel": "email"]),
                 response: .json(200, #"{"continuation_token":"t3","challenge_type":"preverified"}"#)),
            Step(.registerContinue, form: Kit.continuing("t3", ["grant_type": "continuation_token"]), response: Kit.token("t4")),
            Step(.token, form: Kit.tokenRequest("t4", grant: "continuation_token"), response: Kit.tokens()),
        ])
        guard case .completed(let afterSignUp) = try await Kit.auth(signUp).signUp(email: Kit.email).submitCode("1") else {
            Issue.record("sign-up not completed"); return
        }
        guard case .strongAuthRegistrationRequired(let registration) = try await afterSignUp.signIn() else {
            Issue.record("no registration"); return
        }
        await #expect(throws: NativeAuthError.noMatchingAuthMethod) { _ = try await registration.registerSMS(phoneNumber: "+441234567890") }
        guard case .completed(let result) = try await registration.registerEmail(Kit.email) else { Issue.record("not completed"); return }
        #expect(result.account.username == Kit.email)
        #expect(signUp.mismatches == [])
    }
}
