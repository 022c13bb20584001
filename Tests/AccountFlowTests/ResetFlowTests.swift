import Testing
import TophhieCloudAuthentication
@testable import AccountFlow

/// Password reset: code, new password, polling, sign-in after reset; every error branch.
@Suite struct ResetFlowTests {
    static func atCode() -> FlowStore {
        var store = FlowStore()
        store.send(.menuChosen(.resetPassword)) { $0.step = .resetStart(EmailForm()) }
        store.send(.fieldEdited(.email, Sample.email)) { $0.reset { $0.email = Sample.email } }
        store.send(.submitted, effects: [.startPasswordReset(email: Sample.email)]) {
            $0.origin = FlowOrigin(kind: .resetPassword, email: Sample.email)
            $0.pending = .startingReset
        }
        store.send(.resetStarted(.success(Sample.delivery))) {
            $0.pending = nil
            $0.step = .codeEntry(CodeEntry(purpose: .resetPassword, delivery: Sample.delivery))
        }
        store.send(.fieldEdited(.code, "12345678")) { $0.code { $0.code = "12345678" } }
        store.send(.submitted, effects: [.submit(.code("12345678"))]) { $0.pending = .checkingCode }
        return store
    }

    static func atPolling() -> FlowStore {
        var store = atCode()
        store.send(.resetAdvanced(.success(.newPasswordRequired))) {
            $0.pending = nil
            $0.step = .newPassword(NewPasswordForm(purpose: .resetPassword))
        }
        store.send(.fieldEdited(.password, Sample.password)) { $0.newPassword { $0.password = Secret(Sample.password) } }
        store.send(.fieldEdited(.confirmPassword, Sample.password)) { $0.newPassword { $0.confirmPassword = Secret(Sample.password) } }
        store.send(.submitted, effects: [.submit(.password(Secret(Sample.password)))]) {
            $0.step = .resetPolling(poll: 0)
            $0.pending = .changingPassword
        }
        return store
    }

    /// The password is changed; "Sign in now" starts the sign-in that follows.
    static func signInAfterReset(_ store: inout FlowStore) {
        store.send(.resetAdvanced(.success(.passwordChanged))) {
            $0.pending = nil
            $0.step = .resetDone
        }
        store.send(.submitted, effects: [.submit(.proceed)]) {
            $0.step = .readyToSignIn
            $0.pending = .signingIn
            $0.origin?.signingIn = true
        }
    }

    @Test func resetWithPollingThenSignIn() {
        var store = Self.atPolling()
        store.send(.resetPollProgress(poll: 1)) { $0.step = .resetPolling(poll: 1) }
        store.send(.resetPollProgress(poll: 2)) { $0.step = .resetPolling(poll: 2) }
        #expect(store.state.screen.notice == "Checking… (check 2 of 10)")
        #expect(store.state.screen.isWorking)
        Self.signInAfterReset(&store)
        store.send(.signInAdvanced(.success(.completed(Sample.account))), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .signedIn(Sample.account)
            $0.signedIn = Sample.account
            $0.origin = nil
        }
    }

    /// The password is already changed: back from the sign-in that follows (here its MFA code) starts
    /// a sign-in for the email, not a second reset.
    @Test func backAfterTheResetIsDoneStartsASignIn() {
        var store = Self.atPolling()
        Self.signInAfterReset(&store)
        store.send(.signInAdvanced(.success(.asks(.mfaRequired, .methods([Sample.emailMethod, Sample.smsMethod]))))) {
            $0.pending = nil
            $0.step = .methodPicker(MethodPicker(purpose: .mfa, methods: [Sample.emailMethod, Sample.smsMethod]))
            $0.loopGuard = .seen("signIn.mfaRequired:m-email,m-sms")
        }
        store.send(.backRequested, effects: [.forgetSession]) {
            $0.step = .signInStart(SignInForm(email: Sample.email))
            $0.origin = FlowOrigin(kind: .signIn, email: Sample.email)
            $0.loopGuard = LoopGuard()
        }
    }

    @Test(arguments: [
        (PasswordResetError.userNotFound(Sample.details), "No account was found for that email."),
        (.userHasNoPassword(Sample.details), "This account signs in with one-time codes and has no password to reset."),
    ])
    func startErrorsLandOnTheEmailField(error: PasswordResetError, message: String) {
        var store = FlowStore(FlowState(settings: FlowSettings(), step: .resetStart(EmailForm(email: Sample.email)),
                                        origin: FlowOrigin(kind: .resetPassword, email: Sample.email), pending: .startingReset))
        store.send(.resetStarted(.failure(error))) {
            $0.pending = nil
            $0.reset { $0.emailError = message }
        }
    }

    @Test func wrongResetCodeKeepsTheStep() {
        var store = Self.atCode()
        store.send(.resetAdvanced(.failure(.invalidCode(Sample.details)))) {
            $0.pending = nil
            $0.code { $0.code = ""; $0.wrongAttempts = 1; $0.codeError = "That code isn't right. Check it and try again." }
        }
    }

    @Test func expiredResetFlowRestartsWithTheEmail() {
        var store = Self.atCode()
        store.send(.resetAdvanced(.failure(.other(.expiredFlow(Sample.details)))), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .resetStart(EmailForm(email: Sample.email, message: "The session timed out. Start again; your email is kept."))
        }
    }

    @Test func passwordRefusedWhilePollingAsksAgain() {
        var store = Self.atPolling()
        store.send(.resetPollProgress(poll: 1)) { $0.step = .resetPolling(poll: 1) }
        store.send(.resetAdvanced(.failure(.invalidPassword(.recentlyUsed, Sample.details)))) {
            $0.pending = nil
            $0.step = .newPassword(NewPasswordForm(purpose: .resetPassword,
                                                   passwordError: "That password was used recently. Choose a new one."))
        }
    }

    /// `password_banned` on the reset's new password names both its causes: the password is gone by then, so the
    /// console cannot tell a common password from one holding the email's name (sign-up can, and says which).
    @Test func aBannedResetPasswordNamesBothCauses() {
        var store = Self.atPolling()
        store.send(.resetAdvanced(.failure(.invalidPassword(.banned, Sample.details)))) {
            $0.pending = nil
            $0.step = .newPassword(NewPasswordForm(purpose: .resetPassword,
                                                   passwordError: "That password is too common or contains part of your email address. Choose another."))
        }
    }

    @Test func failedResetAsksForAnotherPassword() {
        var store = Self.atPolling()
        store.send(.resetAdvanced(.failure(.resetFailed(Sample.details)))) {
            $0.pending = nil
            $0.step = .newPassword(NewPasswordForm(purpose: .resetPassword,
                                                   passwordError: "The password could not be changed. Try another password."))
        }
    }

    @Test func pollTimeoutStopsWithAnExplanation() {
        var store = Self.atPolling()
        store.send(.resetAdvanced(.failure(.pollTimedOut)), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .failure(FailureReport(message: "The password change is taking too long."))
        }
        #expect(store.state.screen.actions.map(\.event) == [.restartRequested, .homeRequested])
    }

    @Test func networkFailureWhilePollingRetriesFromTheNewPassword() {
        var store = Self.atPolling()
        let error = NativeAuthError.networkFailure("The connection dropped.")
        store.send(.resetAdvanced(.failure(.other(error)))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(message: "Network failure: The connection dropped.",
                                             retryStep: .newPassword(NewPasswordForm(purpose: .resetPassword))))
        }
    }

    @Test func pollProgressOutsidePollingIsIgnored() {
        var store = Self.atCode()
        store.send(.resetPollProgress(poll: 3))
    }
}
