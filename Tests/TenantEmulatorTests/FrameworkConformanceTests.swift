import Foundation
import Synchronization
import TenantEmulator
import Testing
import TophhieCloudAuthentication

/// The framework (`TophhieNativeAuth` with its real URLSession transport) completes every flow against a running
/// emulator over loopback HTTP, for every preset, reading codes only through `GET /emulator/v1/outbox?to=`
/// (issue 3's acceptance). Each test checks afterwards that the redacted observer never saw a secret of the run.
@Suite("Framework against the emulator over loopback")
struct FrameworkConformanceTests {
    static let presets = ["email-password", "email-otp", "mfa", "attributes", "strict"]
    /// Satisfies every preset's password rules (strict: 12+ characters, 4 classes, nothing banned).
    static let newPassword = "Quiet-Lantern-2288!x"

    // MARK: Sign-up, then sign-in

    @Test("sign-up in the order the tenant chooses, then sign-in after sign-up, then a fresh sign-in", arguments: presets)
    func signUpThenSignIn(preset: String) async throws {
        try await withFrameworkRun(preset: preset) { run in
            let email = "new.\(preset)@example.org"
            let passwordless = run.policy.signUp.method == .emailOtp
            let password = passwordless ? nil : Self.newPassword
            let values = run.attributeValues()
            // `attributes_required` names only required attributes: optional ones can only go with start (docs/protocol.md §N4.4).
            let optional = Set(run.policy.signUp.attributes.filter { !$0.required }.map(\.name))
            let (done, asked) = try await run.completeSignUp(email: email, password: password,
                                                             attributesAtStart: values.filter { optional.contains($0.key) })
            let askedNames = Set(asked.flatMap { $0 })
            #expect(askedNames.isDisjoint(with: optional))
            #expect(askedNames.isSuperset(of: run.policy.signUp.attributes.filter(\.required).map(\.name)))
            #expect(askedNames.contains("password") == false, "the password was given at start")
            #expect(done.email == email)
            #expect(done.canSignIn)

            // Sign-in after sign-up: MFA tenants first want a strong method; the just-verified email is preverified.
            var step = try await done.signIn()
            if case .strongAuthRegistrationRequired(let registration) = step {
                #expect(run.policy.mfa.registrationRequired)
                let result = try await registration.registerEmail(email)
                guard case .completed(let tokens) = result else {
                    Issue.record("registering the just-verified email should be preverified, got \(result)")
                    return
                }
                step = .completed(tokens)
            }
            let first = run.remember(try #require(step.completedResult, "\(step)"))
            #expect(first.account.username == email)
            #expect(first.refreshToken != nil)

            // Field case 004 (docs/field-cases.md): what the account shows is exactly what was sent, non-ASCII included.
            let stored = try #require(try await run.storedUser(email)["attributes"] as? [String: String])
            let sent = values.filter { askedNames.contains($0.key) || optional.contains($0.key) }
            #expect(stored == sent)
            if let displayName = values["displayName"] {
                #expect(first.account.displayName == displayName)
            }
            #expect(sent.values.contains { $0.unicodeScalars.contains { !$0.isASCII } }, "no non-ASCII value was sent: \(sent)")

            // A fresh sign-in with the new credentials.
            if let password {
                let again = try await run.auth.signIn(email: email, password: password)
                switch again {
                case .completed(let result):
                    run.remember(result)
                case .mfaRequired(let mfa):
                    // One method (the email just registered): the framework picks it without asking.
                    let challenge = try await mfa.requestChallenge()
                    guard case .verificationRequired(let verification) = challenge else {
                        Issue.record("one method should need no selection, got \(challenge)")
                        return
                    }
                    let signedIn = try await verification.submitCode(try await run.code(to: email))
                    run.remember(signedIn)
                default:
                    Issue.record("unexpected step \(again)")
                }
            } else {
                let again = try await run.auth.signIn(email: email)
                guard case .codeRequired(let codeStep) = again else {
                    Issue.record("expected a code step, got \(again)")
                    return
                }
                run.remember(try await codeStep.submitCode(try await run.code(to: email)))
            }
        }
    }

    /// docs/protocol.md §N4: the orders a password tenant accepts: everything at start, or the password and attributes when asked.
    @Test("sign-up orders of password tenants: password at start or when asked, attributes at start or when asked",
          arguments: ["email-password", "mfa", "attributes", "strict"], [false, true])
    func signUpOrders(preset: String, everythingAtStart: Bool) async throws {
        try await withFrameworkRun(preset: preset, capabilities: []) { run in
            let email = "order.\(everythingAtStart).\(preset)@example.org"
            let values = run.attributeValues()
            let (done, asked) = try await run.completeSignUp(
                email: email, password: Self.newPassword, passwordAtStart: everythingAtStart,
                attributesAtStart: everythingAtStart ? values : [:])
            if everythingAtStart {
                #expect(asked.isEmpty, "nothing left to ask: \(asked)")
            } else {
                #expect(asked.first == ["password"])
                #expect(Set(asked.dropFirst().flatMap { $0 }).isSuperset(of: run.policy.signUp.attributes.filter(\.required).map(\.name)))
            }
            #expect(done.canSignIn)
            let stored = try #require(try await run.storedUser(email)["attributes"] as? [String: String])
            for (name, value) in values where everythingAtStart || stored[name] != nil {
                #expect(stored[name] == value, "\(name)")
            }
            // Without the mfa/registration capabilities an MFA tenant cannot finish natively.
            if run.policy.mfa.required {
                await #expect { _ = try await done.signIn() } throws: { error in
                    if case .browserRequired = error as? NativeAuthError { return true }
                    return false
                }
            } else {
                run.remember(try #require(try await done.signIn().completedResult))
            }
        }
    }

    @Test("sign-in with a password, for every preset with a seeded password user", arguments: presets)
    func signInWithPassword(preset: String) async throws {
        try await withFrameworkRun(preset: preset) { run in
            guard let user = run.policy.users.first(where: { $0.password != nil }) else {
                // email-otp: no password user; the seeded user signs in passwordless instead.
                let user = try #require(run.policy.users.first)
                let step = try await run.auth.signIn(email: user.email)
                guard case .codeRequired(let codeStep) = step else { Issue.record("\(step)"); return }
                #expect(codeStep.channel == .email)
                #expect(codeStep.codeLength == run.policy.otp.length)
                run.remember(try await codeStep.submitCode(try await run.code(to: user.email)))
                return
            }
            let password = try #require(user.password)
            run.remember(password)
            let step = try await run.auth.signIn(email: user.email, password: password)
            switch step {
            case .completed(let result):
                run.remember(result)
                #expect(result.account.username == user.email)
                #expect(result.account.displayName == user.attributes["displayName"])
            case .mfaRequired(let mfa):
                #expect(run.policy.mfa.required)
                #expect(mfa.methods.count == user.methods.count)
            default:
                Issue.record("unexpected step \(step)")
            }
        }
    }

    // MARK: Passwordless

    @Test("passwordless sign-in (email-otp), and passwordRequired for a password account on passwordless")
    func passwordless() async throws {
        try await withFrameworkRun(preset: "email-otp") { run in
            let step = try await run.auth.signIn(email: "alex.kim@contoso.com")
            guard case .codeRequired(let codeStep) = step else { Issue.record("\(step)"); return }
            let result = try await codeStep.submitCode(try await run.code(to: "alex.kim@contoso.com"))
            run.remember(result)
            #expect(result.account.displayName == "Alex Kim")
        }
        try await withFrameworkRun(preset: "email-password") { run in
            await #expect(throws: NativeAuthError.passwordRequired) {
                _ = try await run.auth.signIn(email: "jane.doe@contoso.com")
            }
            // The code account of the same tenant signs in passwordless.
            let step = try await run.auth.signIn(email: "alex.kim@contoso.com")
            guard case .codeRequired(let codeStep) = step else { Issue.record("\(step)"); return }
            run.remember(try await codeStep.submitCode(try await run.code(to: "alex.kim@contoso.com")))
        }
    }

    // MARK: MFA

    @Test("MFA: two methods need a selection; the chosen one is verified")
    func mfaSelection() async throws {
        try await withFrameworkRun(preset: "mfa") { run in
            run.remember("Blue-Harbor-7419!")
            let step = try await run.auth.signIn(email: "jane.doe@contoso.com", password: "Blue-Harbor-7419!")
            guard case .mfaRequired(let mfa) = step else { Issue.record("\(step)"); return }
            #expect(Set(mfa.methods.map(\.channel)) == [.email, .sms])
            let first = try await mfa.requestChallenge()
            guard case .selectionRequired(let methods, let selection) = first else { Issue.record("\(first)"); return }
            #expect(methods.count == 2)
            let sms = try #require(selection.methods.first { $0.channel == .sms })
            let chosen = try await selection.requestChallenge(sms)
            guard case .verificationRequired(let verification) = chosen else { Issue.record("\(chosen)"); return }
            #expect(verification.channel == .sms)
            let result = try await verification.submitCode(try await run.code(to: "+14255550123"))
            run.remember(result)
            #expect(result.account.username == "jane.doe@contoso.com")
        }
    }

    @Test("003: SMS blocked by reputation → methodBlocked; the MFA step still picks email")
    func smsBlockedByReputation() async throws {
        try await withFrameworkRun(preset: "mfa", adjust: { $0.mfa.smsBlocked = .reputation }) { run in
            run.remember("Blue-Harbor-7419!")
            let step = try await run.auth.signIn(email: "jane.doe@contoso.com", password: "Blue-Harbor-7419!")
            guard case .mfaRequired(let mfa) = step else { Issue.record("\(step)"); return }
            let sms = try #require(mfa.methods.first { $0.channel == .sms })
            let email = try #require(mfa.methods.first { $0.channel == .email })
            await #expect { _ = try await mfa.requestChallenge(sms) } throws: { error in
                guard case .methodBlocked(let details) = error as? NativeAuthError else { return false }
                return details.suberror == "provider_blocked_by_rep" && details.code == 550024
            }
            let chosen = try await mfa.requestChallenge(email)
            guard case .verificationRequired(let verification) = chosen else { Issue.record("\(chosen)"); return }
            let result = try await verification.submitCode(try await run.code(to: "jane.backup@contoso.com"))
            run.remember(result)
        }
    }

    // MARK: Strong-auth registration

    @Test("002 and SMS registration: `+123` → 901001 keeps the step usable; a real number is verified")
    func smsRegistration() async throws {
        try await withFrameworkRun(preset: "mfa") { run in
            run.remember("Green-Valley-3381!")
            let step = try await run.auth.signIn(email: "sam.lee@contoso.com", password: "Green-Valley-3381!")
            guard case .strongAuthRegistrationRequired(let registration) = step else { Issue.record("\(step)"); return }
            #expect(Set(registration.availableMethods.map(\.channel)) == [.email, .sms])
            await #expect { _ = try await registration.registerSMS(phoneNumber: "+123") } throws: { error in
                guard case .invalidInput(_, let details) = error as? NativeAuthError else { return false }
                return details.error == "invalid_request" && details.code == 901001
            }
            let result = try await registration.registerSMS(phoneNumber: "+44 7700900461")
            guard case .verificationRequired(let verification) = result else { Issue.record("\(result)"); return }
            #expect(verification.channel == .sms)
            let signedIn = try await verification.submitCode(try await run.code(to: "+44 7700900461"))
            run.remember(signedIn)
        }
    }

    @Test("email registration of another address is verified with a code")
    func emailRegistration() async throws {
        try await withFrameworkRun(preset: "mfa") { run in
            run.remember("Green-Valley-3381!")
            let step = try await run.auth.signIn(email: "sam.lee@contoso.com", password: "Green-Valley-3381!")
            guard case .strongAuthRegistrationRequired(let registration) = step else { Issue.record("\(step)"); return }
            let result = try await registration.registerEmail("sam.backup@example.org")
            guard case .verificationRequired(let verification) = result else { Issue.record("\(result)"); return }
            #expect(verification.channel == .email)
            // Field case 010 (docs/field-cases.md) on this step too: a wrong code, then the right one with the same step.
            let code = try await run.code(to: "sam.backup@example.org")
            await #expect { _ = try await verification.submitCode(Self.wrong(code)) } throws: { error in
                if case .invalidCode = error as? NativeAuthError { return true }
                return false
            }
            run.remember(try await verification.submitCode(code))
            // The registered method is the one MFA asks for next time.
            let again = try await run.auth.signIn(email: "sam.lee@contoso.com", password: "Green-Valley-3381!")
            guard case .mfaRequired(let mfa) = again else { Issue.record("\(again)"); return }
            #expect(mfa.methods.map(\.channel) == [.email])
        }
    }

    // MARK: Password reset

    @Test("password reset polls to completion, then signs in; the old password stops working",
          arguments: ["email-password", "mfa", "attributes", "strict"])
    func passwordReset(preset: String) async throws {
        try await withFrameworkRun(preset: preset) { run in
            let user = try #require(run.policy.users.first { $0.password != nil })
            let old = try #require(user.password)
            run.remember(old)
            let codeStep = try await run.auth.resetPassword(email: user.email)
            #expect(codeStep.codeLength == run.policy.otp.length)
            let passwordStep = try await codeStep.submitCode(try await run.code(to: user.email))
            let polls = Mutex(0)
            run.remember("Fresh-Meadow-5521!x")
            let after = try await passwordStep.submitPassword("Fresh-Meadow-5521!x") { poll, _ in polls.withLock { $0 = poll } }
            #expect(polls.withLock { $0 } == run.policy.passwordReset.pollSequence.count)
            let signedIn = try await after.signIn()
            switch signedIn {
            case .completed(let result): run.remember(result)
            case .mfaRequired: #expect(run.policy.mfa.required)
            default: Issue.record("unexpected step \(signedIn)")
            }
            await #expect { _ = try await run.auth.signIn(email: user.email, password: old) } throws: { error in
                if case .invalidCredentials = error as? NativeAuthError { return true }
                return false
            }
        }
    }

    @Test("password reset is refused for a tenant without it and for an unknown user")
    func passwordResetRefusals() async throws {
        try await withFrameworkRun(preset: "email-password", checkRedaction: false) { run in
            await #expect { _ = try await run.auth.resetPassword(email: "nobody@example.org") } throws: { error in
                if case .userNotFound = error as? PasswordResetError { return true }
                return false
            }
            await #expect { _ = try await run.auth.resetPassword(email: "alex.kim@contoso.com") } throws: { error in
                if case .userHasNoPassword = error as? PasswordResetError { return true }
                return false
            }
        }
    }

    // MARK: Refresh

    @Test("refresh-token rotation: a new refresh token each time; the used one is refused")
    func refreshRotation() async throws {
        try await withFrameworkRun(preset: "email-password") { run in
            let first = try await run.signInWithPassword("jane.doe@contoso.com", "Blue-Harbor-7419!")
            let oldRefresh = try #require(first.refreshToken)
            let second = run.remember(try await run.auth.refreshTokens(refreshToken: oldRefresh, username: "jane.doe@contoso.com"))
            let newRefresh = try #require(second.refreshToken)
            #expect(newRefresh != oldRefresh)
            // Minted in the same second for the same user, the new access token is still a new token (`uti`).
            #expect(second.accessToken != first.accessToken)
            #expect(second.account.username == "jane.doe@contoso.com")
            await #expect(throws: NativeAuthError.self) { _ = try await run.auth.refreshTokens(refreshToken: oldRefresh) }
            run.remember(try await run.auth.refreshTokens(refreshToken: newRefresh))
        }
    }

    @Test("005: refresh after the tenant switched MFA on → mfaRequiredForRefresh")
    func refreshAfterMFASwitchedOn() async throws {
        let database = ScratchDatabase()
        defer { withExtendedLifetime(database) {} }
        let file = database.path
        var refresh = ""
        try await withFrameworkRun(preset: "mfa", dataFile: file, adjust: { $0.mfa.required = false }) { run in
            let result = try await run.signInWithPassword("jane.doe@contoso.com", "Blue-Harbor-7419!")
            refresh = try #require(result.refreshToken)
        }
        try await withFrameworkRun(preset: "mfa", dataFile: file) { run in
            run.remember(refresh)
            await #expect { _ = try await run.auth.refreshTokens(refreshToken: refresh) } throws: { error in
                guard case .mfaRequiredForRefresh(let details) = error as? NativeAuthError else { return false }
                return details.code == 50076
            }
            // The way out: an interactive sign-in that goes through MFA.
            let step = try await run.auth.signIn(email: "jane.doe@contoso.com", password: "Blue-Harbor-7419!")
            guard case .mfaRequired = step else { Issue.record("\(step)"); return }
        }
    }

    // MARK: Error paths

    @Test("010: a wrong code, then the right code with the same step (sign-up and passwordless sign-in)")
    func wrongThenRightCode() async throws {
        try await withFrameworkRun(preset: "email-otp") { run in
            let signUp = try await run.auth.signUp(email: "typo@example.org")
            let code = try await run.code(to: "typo@example.org")
            await #expect { _ = try await signUp.submitCode(Self.wrong(code)) } throws: { error in
                if case .invalidCode(let details) = error as? NativeAuthError { return details.suberror == "invalid_oob_value" }
                return false
            }
            let next = try await signUp.submitCode(code)
            guard case .attributesRequired = next else { Issue.record("\(next)"); return }

            let signIn = try await run.auth.signIn(email: "alex.kim@contoso.com")
            guard case .codeRequired(let codeStep) = signIn else { Issue.record("\(signIn)"); return }
            let signInCode = try await run.code(to: "alex.kim@contoso.com")
            await #expect { _ = try await codeStep.submitCode(Self.wrong(signInCode)) } throws: { error in
                if case .invalidCode = error as? NativeAuthError { return true }
                return false
            }
            run.remember(try await codeStep.submitCode(signInCode))
        }
    }

    @Test("010: past the continuation-token lifetime the flow has expired", arguments: ["email-password", "strict"])
    func expiredFlow(preset: String) async throws {
        try await withFrameworkRun(preset: preset) { run in
            run.remember(Self.newPassword)
            let step = try await run.auth.signUp(email: "slow@example.org", password: Self.newPassword)
            let code = try await run.code(to: "slow@example.org")
            try await run.advance(seconds: run.policy.tokens.continuationTokenSeconds + 1)
            await #expect { _ = try await step.submitCode(code) } throws: { error in
                if case .expiredFlow = error as? NativeAuthError { return true }
                return false
            }
        }
    }

    @Test("strict: a weak password is refused with its rule")
    func weakPassword() async throws {
        try await withFrameworkRun(preset: "strict") { run in
            for weak in ["short1!A", "alllowercaseletters", "Northwind-Password-1!"] {
                run.remember(weak)
                await #expect { _ = try await run.auth.signUp(email: "weak@example.org", password: weak) } throws: { error in
                    if case .invalidPassword = error as? NativeAuthError { return true }
                    return false
                }
            }
        }
    }

    @Test("attributes: an invalid value is named; the same step then accepts valid values")
    func invalidAttribute() async throws {
        try await withFrameworkRun(preset: "attributes") { run in
            run.remember(Self.newPassword)
            let codeStep = try await run.auth.signUp(email: "attr@example.org", password: Self.newPassword)
            let step = try await codeStep.submitCode(try await run.code(to: "attr@example.org"))
            guard case .attributesRequired(let required, let attributesStep) = step else { Issue.record("\(step)"); return }
            let loyalty = "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_loyaltyNumber"
            var values = run.attributeValues(for: required.map(\.name))
            values[loyalty] = "12AB"
            await #expect { _ = try await attributesStep.submitAttributes(values) } throws: { error in
                if case .invalidAttributes(let names) = error as? NativeAuthError { return names == [loyalty] }
                return false
            }
            values[loyalty] = "4820193746"
            let done = try await attributesStep.submitAttributes(values)
            guard case .completed = done else { Issue.record("\(done)"); return }
        }
    }

    @Test("sign-up of an existing account, sign-in of an unknown user, wrong password")
    func accountErrors() async throws {
        try await withFrameworkRun(preset: "email-password") { run in
            run.remember(Self.newPassword, "Not-The-Password-1!")
            await #expect { _ = try await run.auth.signUp(email: "jane.doe@contoso.com", password: Self.newPassword) } throws: { error in
                if case .userAlreadyExists = error as? NativeAuthError { return true }
                return false
            }
            await #expect { _ = try await run.auth.signIn(email: "nobody@example.org", password: Self.newPassword) } throws: { error in
                if case .userNotFound = error as? NativeAuthError { return true }
                return false
            }
            await #expect { _ = try await run.auth.signIn(email: "jane.doe@contoso.com", password: "Not-The-Password-1!") } throws: { error in
                if case .invalidCredentials = error as? NativeAuthError { return true }
                return false
            }
        }
    }

    @Test("001: a client that only does passwords on an OTP tenant is told to use the browser")
    func redirectForNarrowClient() async throws {
        try await withFrameworkRun(preset: "email-otp", challengeTypes: [.password], checkRedaction: false) { run in
            #expect(run.auth.currentConfiguration?.challengeTypes == [.password, .redirect])
            await #expect { _ = try await run.auth.signIn(email: "alex.kim@contoso.com") } throws: { error in
                guard case .browserRequired(let reason, _) = error as? NativeAuthError else { return false }
                return reason == "The client does not support the challenge types required by the user flow."
            }
            await #expect { _ = try await run.auth.signUp(email: "narrow@example.org") } throws: { error in
                if case .browserRequired = error as? NativeAuthError { return true }
                return false
            }
        }
    }

    /// A code of the same length that is not `code`.
    static func wrong(_ code: String) -> String {
        String(code.map { $0 == "9" ? "0" : Character(String(($0.wholeNumberValue ?? 0) + 1)) })
    }
}
