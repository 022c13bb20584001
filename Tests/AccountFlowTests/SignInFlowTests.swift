import Foundation
import Testing
import TophhieCloudAuthentication
@testable import AccountFlow

/// Sign-in with a password, passwordless, and the password-required branch; their errors.
@Suite struct SignInFlowTests {
    static func atStart(password: String? = Sample.password, settings: FlowSettings = FlowSettings()) -> FlowStore {
        var store = FlowStore(settings: settings)
        store.send(.menuChosen(.signIn)) { $0.step = .signInStart(SignInForm()) }
        store.send(.fieldEdited(.email, Sample.email)) { $0.signIn { $0.email = Sample.email } }
        if let password {
            store.send(.fieldEdited(.password, password)) { $0.signIn { $0.password = Secret(password) } }
        }
        return store
    }

    static func submit(_ store: inout FlowStore, password: String?) {
        store.send(.submitted, effects: [.startSignIn(email: Sample.email, password: password.map { Secret($0) })]) {
            $0.origin = FlowOrigin(kind: .signIn, email: Sample.email)
            $0.pending = .signingIn
        }
    }

    static func completes(_ store: inout FlowStore) {
        store.send(.signInAdvanced(.success(.completed(Sample.account))), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .signedIn(Sample.account)
            $0.signedIn = Sample.account
            $0.origin = nil
            $0.loopGuard = LoopGuard()
        }
    }

    @Test func withPassword() {
        var store = Self.atStart()
        Self.submit(&store, password: Sample.password)
        Self.completes(&store)
        store.send(.homeRequested, effects: [.forgetSession]) { $0.step = .home }
        #expect(store.state.screen.options.map(\.event).contains(.menuChosen(.account)))
        store.send(.menuChosen(.account)) { $0.step = .signedIn(Sample.account) }
    }

    @Test func passwordlessWithAnEmptyPassword() {
        var store = Self.atStart(password: nil)
        Self.submit(&store, password: nil)
        store.send(.signInAdvanced(.success(.asks(.signInCode, .code(Sample.delivery))))) {
            $0.pending = nil
            $0.step = .codeEntry(CodeEntry(purpose: .signIn, delivery: Sample.delivery))
            $0.loopGuard = .seen("signIn.signInCode")
        }
        store.send(.fieldEdited(.code, " 1234 5678 ")) { $0.code { $0.code = " 1234 5678 " } }
        store.send(.submitted, effects: [.submit(.code("12345678"))]) { $0.pending = .checkingCode }
        Self.completes(&store)
    }

    @Test func useACodeInsteadDropsTheTypedPassword() {
        var store = Self.atStart()
        store.send(.useCodeInstead, effects: [.startSignIn(email: Sample.email, password: nil)]) {
            $0.signIn { $0.password = "" }
            $0.origin = FlowOrigin(kind: .signIn, email: Sample.email)
            $0.pending = .signingIn
        }
    }

    /// A code was asked for an account that has a password: the server said so.
    static func atPasswordRequired() -> FlowStore {
        var store = Self.atStart(password: nil)
        Self.submit(&store, password: nil)
        store.send(.signInAdvanced(.failure(.passwordRequired))) {
            $0.pending = nil
            $0.signIn { $0.passwordRequired = true; $0.message = "This account has a password. Enter it to sign in." }
        }
        return store
    }

    @Test func passwordRequiredAsksForThePassword() {
        var store = Self.atPasswordRequired()
        #expect(!store.state.screen.actions.contains { $0.event == .useCodeInstead }, "a code is offered to a password account")
        #expect(store.state.screen.text == ["Enter your email and password."])
        store.send(.submitted) { $0.signIn { $0.passwordError = "Enter a password."; $0.message = nil } }
        store.send(.fieldEdited(.password, Sample.password)) { $0.signIn { $0.password = Secret(Sample.password); $0.passwordError = nil } }
        Self.submit(&store, password: Sample.password)
        Self.completes(&store)
    }

    /// Another address may well be a passwordless account: the code is offered again.
    @Test func anotherEmailOffersTheCodeAgain() {
        var store = Self.atPasswordRequired()
        store.send(.fieldEdited(.email, "someone.else@contoso.com")) {
            $0.signIn { $0.email = "someone.else@contoso.com"; $0.passwordRequired = false; $0.message = nil }
        }
        #expect(store.state.screen.actions.contains { $0.event == .useCodeInstead })
    }

    /// Enrolment mode keeps no account: the next person finds no "Account" entry and no tokens.
    @Test func enrolmentModeSignInForgetsTheAccount() {
        var store = Self.atStart(settings: FlowSettings(enrolmentMode: true))
        Self.submit(&store, password: Sample.password)
        store.send(.signInAdvanced(.success(.completed(Sample.account))), effects: [.forgetSession, .forgetAccount, .forgetPerson]) {
            $0.pending = nil
            $0.step = .enrolmentSignedIn(email: Sample.account.username ?? "")
            $0.origin = nil
        }
        #expect(store.state.screen.details.isEmpty)
        store.send(.homeRequested, effects: [.forgetSession]) { $0.step = .home }
        #expect(!store.state.screen.options.contains { $0.event == .menuChosen(.account) })
    }

    /// No account enumeration: "no such user" and "wrong password" read the same.
    @Test(arguments: [NativeAuthError.userNotFound(Sample.details), .invalidCredentials(Sample.details)])
    func oneMessageForUnknownUserAndWrongPassword(error: NativeAuthError) {
        var store = Self.atStart()
        Self.submit(&store, password: Sample.password)
        store.send(.signInAdvanced(.failure(error))) {
            $0.pending = nil
            $0.signIn { $0.message = SignInForm.credentialsRejected }
        }
        #expect(store.state.screen.message == "We couldn't sign you in with those details. Check the email and password.")
    }

    @Test func accountWithoutPasswordIsPointedToCodes() {
        var store = Self.atStart()
        Self.submit(&store, password: Sample.password)
        store.send(.signInAdvanced(.failure(.userHasNoPassword(Sample.details)))) {
            $0.pending = nil
            $0.signIn {
                $0.password = ""
                $0.message = "This account signs in with one-time codes. Choose “Use a one-time code instead”."
            }
        }
    }

    @Test func badEmailIsRefusedLocally() {
        var store = FlowStore()
        store.send(.menuChosen(.signIn)) { $0.step = .signInStart(SignInForm()) }
        store.send(.submitted) { $0.signIn { $0.emailError = "Enter an email address like name@example.com." } }
        store.send(.useCodeInstead)
    }

    /// Field case 001 (docs/field-cases.md): the app sent `password redirect`; the server answered `challenge_type=redirect`.
    @Test func case001RedirectShowsTheWebFallback() {
        let settings = FlowSettings(challengeTypes: [.password, .redirect], capabilities: [])
        var store = Self.atStart(settings: settings)
        Self.submit(&store, password: Sample.password)
        let reason = "The client does not support the challenge types required by the user flow."
        store.send(.signInAdvanced(.failure(.browserRequired(reason: reason, .local))), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .webFallback(WebFallback(reason: reason, sentChallengeTypes: [.password, .redirect], sentCapabilities: []))
        }
        let screen = store.state.screen
        #expect(screen.text.contains("The server said: “\(reason)”"))
        #expect(screen.details.contains(ScreenDetail("Challenge types sent", "password redirect")))
        #expect(screen.details.contains(ScreenDetail("Challenge types not sent", "oob")))
        #expect(screen.details.contains(ScreenDetail("Capabilities not sent", "mfa_required registration_required")))
        #expect(screen.text.contains { $0.contains("choose “Sign in with browser” or “Sign in with a device code”") })
        #expect(screen.actions.map(\.event) == [.restartRequested, .homeRequested])
        store.send(.restartRequested, effects: [.forgetSession]) { $0.step = .signInStart(SignInForm(email: Sample.email)) }
    }

    /// The Details row holds what the message above leaves out, never the message again (issue 37).
    @Test func anUnreadableAnswerDetailsOnlyWhyAndItsCorrelationID() {
        var store = Self.atStart()
        Self.submit(&store, password: Sample.password)
        let retryStep = store.state.step
        let error = NativeAuthError.unexpectedResponse("HTTP 200 without a continuation token.", correlationID: "c0ffee00")
        store.send(.signInAdvanced(.failure(error))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(message: "The server's answer could not be understood.",
                                             detail: "HTTP 200 without a continuation token. (correlation id c0ffee00)", retryStep: retryStep))
        }
        #expect(store.state.screen.details.map(\.value) == ["HTTP 200 without a continuation token. (correlation id c0ffee00)"])
    }

    @Test func passwordChangeRequiredOffersAReset() {
        var store = Self.atStart()
        Self.submit(&store, password: Sample.password)
        let error = NativeAuthError.passwordChangeRequired(Sample.details)
        store.send(.signInAdvanced(.failure(error)), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .failure(FailureReport(message: error.errorDescription ?? "", detail: error.details?.description,
                                             suggestsPasswordReset: true))
        }
        #expect(store.state.screen.actions.map(\.event)
            == [.otherFlowChosen(.resetPassword), .restartRequested, .homeRequested])
        // Field case 014 (docs/field-cases.md): the reset starts with the email filled in.
        store.send(.otherFlowChosen(.resetPassword), effects: [.forgetSession]) {
            $0.step = .resetStart(EmailForm(email: Sample.email))
            $0.origin = nil
        }
    }

    @Test func resendWaitsForTheServersInterval() {
        var store = Self.atStart(password: nil)
        Self.submit(&store, password: nil)
        store.send(.signInAdvanced(.success(.asks(.signInCode, .code(Sample.delivery))))) {
            $0.pending = nil
            $0.step = .codeEntry(CodeEntry(purpose: .signIn, delivery: Sample.delivery))
            $0.loopGuard = .seen("signIn.signInCode")
        }
        store.send(.tick(Sample.start)) { $0.now = Sample.start; $0.code { $0.resend.startedAt = Sample.start } }
        #expect(store.state.screen.actions[1] == ScreenAction("Resend code (in 30 s)", .resendRequested, enabled: false))
        store.send(.tick(Sample.start + 12)) { $0.now = Sample.start + 12 }
        store.send(.resendRequested) { $0.code { $0.notice = "You can ask for a new code in 18 seconds." } }
        store.send(.tick(Sample.start + 30)) { $0.now = Sample.start + 30 }
        #expect(store.state.screen.actions[1] == ScreenAction("Resend code", .resendRequested))
        store.send(.resendRequested, effects: [.resendCode]) { $0.pending = .resendingCode }
        #expect(store.state.screen.status == "Sending a new code…")
        let next = CodeDelivery(sentTo: "a***@co***.example", channel: .email, codeLength: 8, resendInterval: 60)
        store.send(.codeResent(.success(next))) {
            $0.pending = nil
            $0.code {
                $0.delivery = next
                $0.notice = "A new code was sent to a***@co***.example. The previous code no longer works."
                $0.resend = Countdown(seconds: 60, startedAt: Sample.start + 30)
            }
        }
        store.send(.tick(Sample.start + 40)) { $0.now = Sample.start + 40 }
        store.send(.resendRequested) { $0.code { $0.notice = "You can ask for a new code in 50 seconds." } }
    }

    @Test func throttledResendRestartsTheCountdown() {
        var store = FlowStore(FlowState(
            settings: FlowSettings(), step: .codeEntry(CodeEntry(purpose: .signIn, delivery: Sample.smsDelivery)),
            origin: FlowOrigin(kind: .signIn, email: Sample.email), now: Sample.start))
        store.send(.resendRequested, effects: [.resendCode]) { $0.pending = .resendingCode }
        store.send(.codeResent(.failure(.throttled(retryAfter: 20, Sample.details)))) {
            $0.pending = nil
            $0.code {
                $0.notice = "Too many attempts. Wait 20 seconds and try again."
                $0.resend = Countdown(seconds: 20, startedAt: Sample.start)
            }
        }
    }

    @Test func cancelWhileWorkingKeepsTheStepThenCancelForgetsEverySecret() {
        var store = Self.atStart()
        Self.submit(&store, password: Sample.password)
        store.send(.fieldEdited(.email, "ignored@example.com"))  // input waits while a request is in flight
        store.send(.cancelRequested, effects: [.cancelRequest]) { $0.pending = nil }
        store.send(.signInAdvanced(.success(.completed(Sample.account))))  // a late answer is dropped
        store.send(.cancelRequested, effects: [.forgetSession]) {
            $0.step = .home
            $0.origin = nil
        }
        #expect(store.state == FlowState(settings: FlowSettings()))
    }

    @Test func expiredFlowOnTheCodeStepRestartsSignInWithTheEmail() {
        var store = FlowStore(FlowState(
            settings: FlowSettings(), step: .codeEntry(CodeEntry(purpose: .signIn, delivery: Sample.delivery, code: "12345678")),
            origin: FlowOrigin(kind: .signIn, email: Sample.email)))
        store.send(.submitted, effects: [.submit(.code("12345678"))]) { $0.pending = .checkingCode }
        store.send(.signInAdvanced(.failure(.expiredFlow(Sample.details))), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .signInStart(SignInForm(email: Sample.email, message: "The session timed out. Start again; your email is kept."))
        }
    }

    @Test func quitEndsTheConsole() {
        var store = Self.atStart()
        store.send(.menuChosen(.quit), effects: [.forgetSession, .quit]) { $0.step = .home }
    }
}
