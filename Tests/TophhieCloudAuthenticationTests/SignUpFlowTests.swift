import Foundation
import TestSupport
import Testing
import TophhieCloudAuthentication

/// The sign-up loop in the four orders of docs/protocol.md §N4.4, each request's form body checked exactly.
@Suite struct SignUpFlowTests {
    /// Order 1: an email-OTP tenant: start → challenge(oob) → continue(oob) → attributes → success.
    @Test func otpOnlyWithAttributesAsked() async throws {
        let attributesRequired = Kit.error("attributes_required", code: 55106, token: "t4", extra:
            #""required_attributes":[{"name":"displayName","type":"Text","required":true,"options":{"regex":"^.{1,64}$"}},{"name":"city","type":"string","required":false}]"#)
        let server = ScriptedTransport([
            Step(.signUpStart, form: Kit.start(), response: Kit.token("t1")),
            Step(.signUpChallenge, form: Kit.challenge("t1"), response: Kit.oob("t2")),
            Step(.signUpContinue, form: Kit.continuing("t2", ["grant_type": "oob", "oob": "12345678"]), response: attributesRequired),
            Step(.signUpContinue, form: Kit.continuing("t4", ["grant_type": "attributes",
                 "attributes": #"{"city":"São Paulo","displayName":"Zoë Ångström-Łukasiewicz"}"#]), response: Kit.token("t5")),
            Step(.token, form: Kit.tokenRequest("t5", grant: "continuation_token",
                 ["username": Kit.email, "challenge_type": Kit.challengeTypes]), response: Kit.tokens()),
        ])
        let auth = try Kit.auth(server)
        let codeStep = try await auth.signUp(email: Kit.email)
        #expect(codeStep.sentTo == "j***@c*****o.com")
        #expect(codeStep.codeLength == 8)
        #expect(codeStep.resendInterval == 30)
        let next = try await codeStep.submitCode("12345678")
        guard case .attributesRequired(let required, let attributesStep) = next else { Issue.record("\(next)"); return }
        #expect(required == [
            RequiredAttribute(name: "displayName", type: "Text", required: true, regex: "^.{1,64}$"),
            RequiredAttribute(name: "city", type: "string", required: false, regex: nil),
        ])
        // Values the server did not ask for are not sent after verification (the timing rule).
        let done = try await attributesStep.submitAttributes(
            ["displayName": "Zoë Ångström-Łukasiewicz", "city": "São Paulo", "jobTitle": "ignored"])
        guard case .completed(let signInStep) = done else { Issue.record("\(done)"); return }
        guard case .completed(let result) = try await signInStep.signIn() else { Issue.record("not completed"); return }
        #expect(result.account.username == Kit.email)
        #expect(result.account.displayName == "Jane Doe")
        #expect(result.account.objectID == "oid-1")
        #expect(result.refreshToken == Kit.refreshToken)
        #expect(server.mismatches == [])
    }

    /// Order 2: password at start → challenge(oob) → continue(oob) → success.
    @Test func passwordAtStart() async throws {
        let server = ScriptedTransport([
            Step(.signUpStart, form: Kit.start(["password": "Blue-Harbor-7419!"]), response: Kit.token("t1")),
            Step(.signUpChallenge, form: Kit.challenge("t1"), response: Kit.oob("t2")),
            Step(.signUpContinue, form: Kit.continuing("t2", ["grant_type": "oob", "oob": "11112222"]), response: Kit.token("t3")),
        ])
        let codeStep = try await Kit.auth(server).signUp(email: Kit.email, password: "Blue-Harbor-7419!")
        guard case .completed(let signIn) = try await codeStep.submitCode("11112222") else { Issue.record("not completed"); return }
        #expect(signIn.canSignIn)
        #expect(server.mismatches == [])
    }

    /// Order 3: no password at start: `credential_required` → challenge(password) → continue(password);
    /// a refused password keeps the step and its token.
    @Test func passwordAskedAfterVerification() async throws {
        let server = ScriptedTransport([
            Step(.signUpStart, form: Kit.start(), response: Kit.token("t1")),
            Step(.signUpChallenge, form: Kit.challenge("t1"), response: Kit.oob("t2")),
            Step(.signUpContinue, form: Kit.continuing("t2", ["grant_type": "oob", "oob": "1"]),
                 response: Kit.error("credential_required", code: 55103, token: "t3")),
            Step(.signUpChallenge, form: Kit.challenge("t3"), response: Kit.passwordChallenge("t4")),
            Step(.signUpContinue, form: Kit.continuing("t4", ["grant_type": "password", "password": "short"]),
                 response: Kit.error("invalid_grant", suberror: "password_too_short", code: 399246)),
            Step(.signUpContinue, form: Kit.continuing("t4", ["grant_type": "password", "password": "Long-Enough-123"]),
                 response: Kit.token("t5")),
        ])
        let codeStep = try await Kit.auth(server).signUp(email: Kit.email)
        guard case .passwordRequired(let passwordStep) = try await codeStep.submitCode("1") else { Issue.record("no password step"); return }
        await #expect(throws: NativeAuthError.invalidPassword(.tooShort, details("invalid_grant", "password_too_short", 399246))) {
            try await passwordStep.submitPassword("short")
        }
        guard case .completed = try await passwordStep.submitPassword("Long-Enough-123") else { Issue.record("not completed"); return }
        #expect(server.mismatches == [])
    }

    /// Order 4: everything up front; a wrong code is retried with the same token; a resend uses the
    /// latest token and the next submit uses the resend's token.
    @Test func everythingUpFrontWithWrongCodeAndResend() async throws {
        let attributes = #"{"displayName":"Jane Doe","extension_7f3c_loyaltyNumber":"4820193746"}"#
        let server = ScriptedTransport([
            Step(.signUpStart, form: Kit.start(["password": "P@ss-word-1", "attributes": attributes]), response: Kit.token("t1")),
            Step(.signUpChallenge, form: Kit.challenge("t1"), response: Kit.oob("t2")),
            Step(.signUpContinue, form: Kit.continuing("t2", ["grant_type": "oob", "oob": "00000000"]),
                 response: Kit.error("invalid_grant", suberror: "invalid_oob_value", code: 50181)),
            Step(.signUpChallenge, form: Kit.challenge("t2"), response: Kit.oob("t3", length: 6)),
            Step(.signUpContinue, form: Kit.continuing("t3", ["grant_type": "oob", "oob": "123456"]), response: Kit.token("t4")),
        ])
        let codeStep = try await Kit.auth(server).signUp(
            email: Kit.email, password: "P@ss-word-1",
            attributes: ["displayName": "Jane Doe", "extension_7f3c_loyaltyNumber": "4820193746"])
        await #expect(throws: NativeAuthError.self) { try await codeStep.submitCode("00000000") }
        let resent = try await codeStep.resendCode()
        #expect(resent.codeLength == 6)
        #expect(codeStep.codeLength == 6)
        guard case .completed = try await codeStep.submitCode("123456") else { Issue.record("not completed"); return }
        #expect(server.mismatches == [])
    }

    /// `attribute_validation_failed` names the fields, and the retry keeps the old token (docs/protocol.md §N1.5).
    @Test func invalidAttributesKeepTheOldToken() async throws {
        let server = ScriptedTransport([
            Step(.signUpStart, form: Kit.start(), response: Kit.token("t1")),
            Step(.signUpChallenge, form: Kit.challenge("t1"), response: Kit.oob("t2")),
            Step(.signUpContinue, form: Kit.continuing("t2", ["grant_type": "oob", "oob": "1"]),
                 response: Kit.error("attributes_required", code: 55106, token: "t3",
                                     extra: #""required_attributes":[{"name":"postalCode","type":"string","required":true}]"#)),
            Step(.signUpContinue, form: Kit.continuing("t3", ["grant_type": "attributes", "attributes": #"{"postalCode":"x"}"#]),
                 response: Kit.error("invalid_grant", suberror: "attribute_validation_failed", code: 55107,
                                     extra: #""invalid_attributes":[{"name":"postalCode"}]"#)),
            Step(.signUpContinue, form: Kit.continuing("t3", ["grant_type": "attributes", "attributes": #"{"postalCode":"SW1A 1AA"}"#]),
                 response: Kit.token("t4")),
        ])
        let codeStep = try await Kit.auth(server).signUp(email: Kit.email)
        guard case .attributesRequired(_, let step) = try await codeStep.submitCode("1") else { Issue.record("no attributes"); return }
        do {
            _ = try await step.submitAttributes(["postalCode": "x"])
            Issue.record("accepted an invalid attribute")
        } catch let error as NativeAuthError {
            guard case .invalidAttributes(let names) = error else { Issue.record("\(error)"); return }
            #expect(names == ["postalCode"])
        }
        guard case .completed = try await step.submitAttributes(["postalCode": "SW1A 1AA"]) else { Issue.record("not completed"); return }
        #expect(server.mismatches == [])
    }

    /// Field case 004 (docs/field-cases.md): a value that cannot be encoded is refused before any request, with the field named.
    @Test func unencodableAttributeIsRefusedBeforeAnyRequest() async throws {
        let server = ScriptedTransport()
        await #expect(throws: NativeAuthError.invalidInput("These values cannot be sent: city.", .local)) {
            _ = try await Kit.auth(server).signUp(email: Kit.email, attributes: ["city": "bad\u{0}value"])
        }
        #expect(server.requests.isEmpty)
    }

    @Test func existingAccountAndRedirectAreTyped() async throws {
        let server = ScriptedTransport([
            Step(.signUpStart, form: Kit.start(), response: Kit.error("user_already_exists", code: 1003037)),
            Step(.signUpStart, form: Kit.start(), response: .json(200, #"{"challenge_type":"redirect","redirect_reason":"why"}"#)),
        ])
        let auth = try Kit.auth(server)
        await #expect(throws: NativeAuthError.userAlreadyExists(details("user_already_exists", nil, 1003037))) {
            _ = try await auth.signUp(email: Kit.email)
        }
        await #expect(throws: NativeAuthError.browserRequired(reason: "why", .local)) { _ = try await auth.signUp(email: Kit.email) }
    }
}

/// The `ServerDetails` the kit's error answers produce.
func details(_ error: String, _ suberror: String?, _ code: Int) -> ServerDetails {
    ServerDetails(error: error, suberror: suberror, code: code, errorDescription: "AADSTS\(code): test.",
                  traceID: "trace", correlationID: "corr-\(code)", status: 400)
}
