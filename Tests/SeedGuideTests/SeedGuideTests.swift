import Foundation
import EmulatorServer
import TenantEmulator
import TestSupport
import Testing
import TophhieCloudAuthentication

/// The guides' snippets (`GuideApp`) run against an emulator over loopback, with the real URLSession
/// transport: every branch and every error `case` of the guides is reached by a real server answer.
/// Serialized: the snippets use `TophhieNativeAuth.shared`.
@Suite(.serialized) struct SeedGuideTests {
    static let guideClientID = "00000000-0000-0000-0000-000000000000"
    static let newPassword = "Quiet-Lantern-2288!x"
    static let loyaltyNumber = "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_loyaltyNumber"
    static let termsAccepted = "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_termsAccepted"

    /// Runs `body` with an app against a fresh emulator serving `preset`, registered for the guides'
    /// client id; `TophhieNativeAuth.shared` is configured by the guide's snippet, then pointed at the
    /// emulator (an app on a real tenant passes its authority the same way).
    func withGuideApp(preset: String, email: String, password: String = newPassword,
                      adjust: (inout TenantPolicy) -> Void = { _ in },
                      _ body: (GuideApp, EmulatorServer) async throws -> Void) async throws {
        var policy = try TenantPreset.load(preset)
        policy.clients[0].clientID = Self.guideClientID
        adjust(&policy)
        let server = try EmulatorServer.start(policy: policy, port: 0, hasher: PasswordHasher(iterations: 10), signingKey: TestSigningKey.shared)
        defer { server.stop() }
        let app = GuideApp(email: email, password: password) { server.emulator.outbox.messages().last?.code ?? "" }
        try app.guideConfigure()
        #expect(TophhieNativeAuth.shared.currentConfiguration?.clientID == Self.guideClientID)
        try TophhieNativeAuth.shared.configure(clientId: Self.guideClientID, authority: server.authority,
                                               capabilities: [.mfaRequired, .registrationRequired])
        try await body(app, server)
    }

    func expectSignedIn(_ app: GuideApp, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(app.errorsShown == [], sourceLocation: sourceLocation)
        #expect(app.finishedIDTokens.count == 1, sourceLocation: sourceLocation)
        #expect(app.finishedIDTokens.allSatisfy { $0.split(separator: ".").count == 3 }, "a JWT", sourceLocation: sourceLocation)
    }

    func codesSent(_ server: EmulatorServer, to target: String) -> Int {
        server.emulator.outbox.messages(to: target).count
    }

    /// The registration step of a sign-in that needs one (an app's own code, not a snippet).
    func registrationStep(_ app: GuideApp) async throws -> StrongAuthRegistrationStep {
        guard case .strongAuthRegistrationRequired(let registration) =
                try await TophhieNativeAuth.shared.signIn(email: app.email, password: app.password) else {
            throw GuideTestFailure("the sign-in asked for no registration")
        }
        return registration
    }

    // MARK: native-sign-up.md

    @Test func signUpLoopOnEmailPassword() async throws {
        try await withGuideApp(preset: "email-password", email: "new.user@example.org") { app, server in
            try await app.guideSignUp()
            expectSignedIn(app)
        }
    }

    @Test func signUpLoopAnswersTheAttributesTheTenantAsksFor() async throws {
        try await withGuideApp(preset: "attributes", email: "new.user@example.org") { app, server in
            app.attributeAnswers = [Self.loyaltyNumber: "0123456789", Self.termsAccepted: "true"]
            try await app.guideSignUp()
            expectSignedIn(app)
            let users = server.emulator.handle(EmulatorRequest(method: "GET", path: "/emulator/v1/users"))
            let stored = try #require((try JSONSerialization.jsonObject(with: users.body) as? [[String: Any]])?.first { $0["email"] as? String == "new.user@example.org" })
            #expect((stored["attributes"] as? [String: Any])?[Self.loyaltyNumber] as? String == "0123456789")
        }
    }

    /// No password at start (an empty one is not sent): the tenant asks for it after the code.
    @Test func signUpLoopGivesThePasswordWhenTheTenantAsks() async throws {
        try await withGuideApp(preset: "email-password", email: "new.user@example.org") { app, server in
            app.passwordAnswers = ["", Self.newPassword]
            try await app.guideSignUp()
            expectSignedIn(app)
            #expect(app.passwordAnswers == [Self.newPassword], "the password step read the second answer")
        }
    }

    @Test func signUpForAnExistingAccountSaysSo() async throws {
        try await withGuideApp(preset: "email-password", email: "jane.doe@contoso.com") { app, server in
            try await app.guideSignUp()
            #expect(app.errorsShown == ["An account already exists for that email."])
        }
    }

    @Test func signUpWithAWeakPasswordSaysSo() async throws {
        try await withGuideApp(preset: "email-password", email: "new.user@example.org", password: "short") { app, server in
            try await app.guideSignUp()
            #expect(app.errorsShown == ["That password doesn't meet the requirements."])
        }
    }

    @Test func signUpWithAWrongCodeSaysSo() async throws {
        try await withGuideApp(preset: "email-password", email: "new.user@example.org") { app, server in
            app.typedCode = "00000000"
            try await app.guideSignUp()
            #expect(app.errorsShown == ["That code wasn't correct."])
        }
    }

    @Test func signUpWithAnAttributeTheTenantRefusesNamesIt() async throws {
        try await withGuideApp(preset: "attributes", email: "new.user@example.org") { app, server in
            app.attributeAnswers = [Self.loyaltyNumber: "12", Self.termsAccepted: "true"]
            try await app.guideSignUp()
            #expect(app.errorsShown == ["These details weren't valid: \(Self.loyaltyNumber)."])
            #expect(app.finishedIDTokens == [])
        }
    }

    // MARK: native-sign-in.md: the four branches

    @Test func signInCompletedWithAPassword() async throws {
        try await withGuideApp(preset: "email-password", email: "jane.doe@contoso.com", password: "Blue-Harbor-7419!") { app, server in
            try await app.guideSignIn()
            expectSignedIn(app)
            #expect(server.emulator.outbox.messages().isEmpty)
        }
    }

    /// With one method the challenge goes to it at once (the selection branch would look for email).
    @Test func signInWithMFAOnTheOnlyMethod() async throws {
        try await withGuideApp(preset: "mfa", email: "jane.doe@contoso.com", password: "Blue-Harbor-7419!",
                               adjust: { $0.users[0].methods.removeAll { $0.channel == .email } }) { app, server in
            try await app.guideSignIn()
            expectSignedIn(app)
            #expect(codesSent(server, to: "+14255550123") == 1)
        }
    }

    /// SMS listed first: only the selection branch's `first { $0.channel == .email }` sends to email.
    @Test func signInWithMFASelectionPicksTheEmailMethod() async throws {
        try await withGuideApp(preset: "mfa", email: "jane.doe@contoso.com", password: "Blue-Harbor-7419!",
                               adjust: { $0.users[0].methods.reverse() }) { app, server in
            try await app.guideSignIn()
            expectSignedIn(app)
            #expect(codesSent(server, to: "jane.backup@contoso.com") == 1)
            #expect(codesSent(server, to: "+14255550123") == 0)
        }
    }

    @Test func signInRegistersTheAccountsEmailWhenTheTenantWantsAMethod() async throws {
        try await withGuideApp(preset: "mfa", email: "sam.lee@contoso.com", password: "Green-Valley-3381!",
                               adjust: { $0.mfa.preverifiedFastPass = false }) { app, server in
            try await app.guideSignIn()
            expectSignedIn(app)
            #expect(codesSent(server, to: "sam.lee@contoso.com") == 1)
        }
    }

    @Test func signInForACodeOnlyAccountAsksForTheCode() async throws {
        try await withGuideApp(preset: "email-otp", email: "alex.kim@contoso.com", password: "any password") { app, server in
            try await app.guideSignIn()
            expectSignedIn(app)
            #expect(codesSent(server, to: "alex.kim@contoso.com") == 1)
        }
    }

    @Test func passwordlessSignIn() async throws {
        try await withGuideApp(preset: "email-otp", email: "alex.kim@contoso.com") { app, server in
            try await app.guidePasswordless()
            expectSignedIn(app)
        }
    }

    // MARK: native-sign-in.md: registering a strong authentication method

    @Test func registerEmailSnippet() async throws {
        try await withGuideApp(preset: "mfa", email: "sam.lee@contoso.com", password: "Green-Valley-3381!",
                               adjust: { $0.mfa.preverifiedFastPass = false }) { app, server in
            try await app.guideRegisterEmail(try await registrationStep(app))
            expectSignedIn(app)
        }
    }

    @Test func registerSMSSnippet() async throws {
        try await withGuideApp(preset: "mfa", email: "sam.lee@contoso.com", password: "Green-Valley-3381!") { app, server in
            try await app.guideRegisterSMS(try await registrationStep(app))
            expectSignedIn(app)
            #expect(codesSent(server, to: "+441234567890") == 1)
        }
    }

    // MARK: native-sign-in.md: errors

    @Test func aWrongPasswordIsInvalidCredentials() async throws {
        try await withGuideApp(preset: "email-password", email: "jane.doe@contoso.com", password: "Wrong-Password-1!") { app, server in
            try await app.guideSignIn()
            #expect(app.errorsShown == ["That email or password wasn't correct."])
        }
    }

    @Test func aWrongPasswordlessCodeIsInvalidCode() async throws {
        try await withGuideApp(preset: "email-otp", email: "alex.kim@contoso.com") { app, server in
            app.typedCode = "00000000"
            try await app.guidePasswordless()
            #expect(app.errorsShown == ["That code wasn't correct."])
        }
    }

    @Test func anImplausiblePhoneNumberIsInvalidInput() async throws {
        try await withGuideApp(preset: "mfa", email: "sam.lee@contoso.com", password: "Green-Valley-3381!") { app, server in
            let registration = try await registrationStep(app)
            try await app.withGuideErrors { _ = try await registration.registerSMS(phoneNumber: "+123") }
            #expect(app.errorsShown == ["That phone number doesn't look right."])
        }
    }

    @Test func smsOnAnEmailOnlyTenantIsNoMatchingAuthMethod() async throws {
        try await withGuideApp(preset: "mfa", email: "sam.lee@contoso.com", password: "Green-Valley-3381!",
                               adjust: { $0.mfa.methods = [.email] }) { app, server in
            let registration = try await registrationStep(app)
            #expect(registration.availableMethods.map(\.channel) == [.email], "the server offers email only")
            try await app.guideRegisterSMS(registration)
            #expect(app.errorsShown == ["That method isn't available to register."])
        }
    }
}

struct GuideTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
