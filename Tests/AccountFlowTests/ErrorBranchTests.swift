import Foundation
import Testing
import TophhieCloudAuthentication
@testable import AccountFlow

/// The remaining error branches and navigation rules, one transition each.
@Suite struct ErrorBranchTests {
    static let origin = FlowOrigin(kind: .signIn, email: Sample.email)

    static func store(_ step: FlowStep, pending: PendingRequest? = nil, kind: FlowKind = .signIn) -> FlowStore {
        FlowStore(FlowState(settings: FlowSettings(), step: step, origin: FlowOrigin(kind: kind, email: Sample.email),
                            pending: pending))
    }

    @Test func refusedEmailOnSignInLandsOnTheEmailField() {
        var store = Self.store(.signInStart(SignInForm(email: "a@b")), pending: .signingIn)
        store.send(.signInAdvanced(.failure(.invalidInput("Enter an email address.", .local)))) {
            $0.pending = nil
            $0.signIn { $0.emailError = "Enter an email address like name@example.com." }
        }
    }

    @Test func unencodableStartValuesAreNamedOnTheForm() {
        let settings = FlowSettings(passwordAccounts: false)
        var store = FlowStore(FlowState(settings: settings, step: .signUpStart(SignUpForm(settings: settings, email: Sample.email)),
                                        origin: FlowOrigin(kind: .signUp, email: Sample.email), pending: .signingUp))
        store.send(.signUpStarted(.failure(.invalidInput("These values cannot be sent: city.", .local)))) {
            $0.pending = nil
            $0.signUp { $0.message = "Those values could not be sent. Check them and try again." }
        }
    }

    @Test func unencodableAttributeValuesAreNamedOnTheForm() {
        let city = RequiredAttribute(name: "city", type: "string", required: true, regex: nil)
        var store = Self.store(.attributes(AttributeForm([city])), pending: .sendingAttributes, kind: .signUp)
        store.send(.signUpAdvanced(.failure(.invalidInput("These values cannot be sent: city.", .local)))) {
            $0.pending = nil
            $0.attributes { $0.message = "These values cannot be sent: city." }
        }
    }

    @Test func failedResendKeepsTheCode() {
        var store = Self.store(.codeEntry(CodeEntry(purpose: .signIn, delivery: Sample.delivery, code: "12")),
                               pending: .resendingCode)
        store.send(.codeResent(.failure(.networkFailure("The server could not be reached.")))) {
            $0.pending = nil
            $0.code { $0.notice = "A new code couldn't be sent. Network failure: The server could not be reached." }
        }
    }

    /// A resend refused by the server (a wait the challenge did not announce) says to wait, not "refused".
    @Test func aRefusedResendSaysToWait() {
        var store = Self.store(.codeEntry(CodeEntry(purpose: .mfa, delivery: Sample.smsDelivery)), pending: .resendingCode)
        store.send(.codeResent(.failure(.server(ServerDetails(error: "invalid_request", code: 50196, status: 400))))) {
            $0.pending = nil
            $0.code { $0.notice = "A new code can't be sent yet. Wait a moment, then ask again." }
        }
    }

    /// A resend refused after the announced interval has passed is the flow's cap on codes: the notice
    /// says what will help (the code sent, or starting again), not to wait.
    @Test func aResendRefusedAtTheFlowsCodeCapSaysWaitingWillNotHelp() {
        var entry = CodeEntry(purpose: .signIn, delivery: Sample.delivery)
        entry.resend = Countdown(seconds: 30, startedAt: Sample.start)
        var store = Self.store(.codeEntry(entry), pending: .resendingCode)
        store.send(.codeResent(.failure(.server(ServerDetails(error: "invalid_request", code: 50196, status: 400))))) {
            $0.pending = nil
            $0.code { $0.notice = "No more codes can be sent in this flow, so waiting will not help. "
                + "Use the code already sent, or press Back to start again and get a new one." }
        }
    }

    @Test func expiredFlowOnResendRestarts() {
        var store = Self.store(.codeEntry(CodeEntry(purpose: .signIn, delivery: Sample.delivery)), pending: .resendingCode)
        store.send(.codeResent(.failure(.expiredFlow(Sample.details))), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .signInStart(SignInForm(email: Sample.email, message: "The session timed out. Start again; your email is kept."))
        }
    }

    @Test func mfaMethodTheAccountDoesNotHave() {
        var store = Self.store(.methodPicker(MethodPicker(purpose: .mfa, methods: [Sample.emailMethod], picked: "m-email")),
                               pending: .requestingCode)
        store.send(.mfaChallengeAnswered(.failure(.noMatchingAuthMethod))) {
            $0.pending = nil
            $0.picker { $0.picked = nil; $0.message = "That verification method is not available for this account." }
        }
    }

    @Test func everyMfaMethodBlocked() {
        var store = Self.store(.methodPicker(MethodPicker(purpose: .mfa, methods: [Sample.emailMethod], picked: "m-email")),
                               pending: .requestingCode)
        store.send(.mfaChallengeAnswered(.failure(.methodBlocked(Sample.details)))) {
            $0.pending = nil
            $0.picker {
                $0.picked = nil
                $0.blocked = ["m-email"]
                $0.message = "That method is blocked right now and there is no other. Try again later."
            }
        }
    }

    @Test func otherMfaFailuresOfferRetryOnThePicker() {
        let picker = MethodPicker(purpose: .mfa, methods: [Sample.emailMethod, Sample.smsMethod], picked: "m-sms")
        var store = Self.store(.methodPicker(picker), pending: .requestingCode)
        let error = NativeAuthError.server(Sample.details)
        store.send(.mfaChallengeAnswered(.failure(error))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(message: "The server refused the request.", detail: error.details?.description,
                                             retryStep: .methodPicker(picker)))
        }
        store.send(.backRequested) { $0.step = .methodPicker(picker) }
    }

    @Test func redirectDuringRegistrationShowsTheWebFallback() {
        let entry = ContactEntry(method: Sample.registerEmail, availableMethods: [Sample.registerEmail], contact: Sample.email)
        var store = Self.store(.contactEntry(entry), pending: .registeringMethod)
        store.send(.registrationAnswered(.failure(.browserRequired(reason: nil, .local))), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .webFallback(WebFallback(reason: nil, sentChallengeTypes: [.oob, .password, .redirect],
                                               sentCapabilities: [.mfaRequired, .registrationRequired]))
        }
    }

    @Test func redirectAtResetStart() {
        var store = Self.store(.resetStart(EmailForm(email: Sample.email)), pending: .startingReset, kind: .resetPassword)
        store.send(.resetStarted(.failure(.other(.browserRequired(reason: "Reset is web only.", .local)))), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .webFallback(WebFallback(reason: "Reset is web only.", sentChallengeTypes: [.oob, .password, .redirect],
                                               sentCapabilities: [.mfaRequired, .registrationRequired]))
        }
    }

    @Test func resetStartRefusedEmail() {
        var store = Self.store(.resetStart(EmailForm(email: "x@y")), pending: .startingReset, kind: .resetPassword)
        store.send(.resetStarted(.failure(.other(.invalidInput("Enter an email address.", .local))))) {
            $0.pending = nil
            $0.reset { $0.emailError = "Enter an email address like name@example.com." }
        }
    }

    @Test func choosingAnotherMenuItemAbandonsTheFlow() {
        var store = Self.store(.codeEntry(CodeEntry(purpose: .signIn, delivery: Sample.delivery, code: "secret")))
        store.send(.menuChosen(.signUp), effects: [.forgetSession]) {
            $0.step = .signUpStart(SignUpForm(settings: $0.settings))
            $0.origin = nil
        }
    }

    @Test func backFromThePickerRestartsTheFlow() {
        var store = Self.store(.methodPicker(MethodPicker(purpose: .mfa, methods: [Sample.emailMethod])))
        store.send(.backRequested, effects: [.forgetSession]) { $0.step = .signInStart(SignInForm(email: Sample.email)) }
    }

    @Test func resizeAndTicksKeepTheInput() {
        var store = Self.store(.signInStart(SignInForm(email: Sample.email, password: "typed")))
        store.send(.resized)
        store.send(.tick(Sample.start)) { $0.now = Sample.start }
    }

    @Test func codeScreenStartsItsCountdownAtTheLatestTick() {
        var store = FlowStore(FlowState(settings: FlowSettings(), step: .resetStart(EmailForm(email: Sample.email)),
                                        origin: FlowOrigin(kind: .resetPassword, email: Sample.email), pending: .startingReset,
                                        now: Sample.start))
        store.send(.resetStarted(.success(Sample.delivery))) {
            $0.pending = nil
            $0.step = .codeEntry(CodeEntry(purpose: .resetPassword, delivery: Sample.delivery,
                                           resend: Countdown(seconds: 30, startedAt: Sample.start)))
        }
    }

    @Test func emptyCodeIsRefusedLocally() {
        var store = Self.store(.codeEntry(CodeEntry(purpose: .mfa, delivery: Sample.delivery, code: "  ")))
        store.send(.submitted) { $0.code { $0.codeError = "Enter the code." } }
    }
}

extension ErrorBranchTests {
    @Test func secondFactorWithoutAnyMethodStops() {
        var store = Self.store(.signInStart(SignInForm(email: Sample.email)), pending: .signingIn)
        store.send(.signInAdvanced(.success(.asks(.mfaRequired, .methods([])))), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .failure(FailureReport(
                message: "The tenant requires a second check but offered no method this console can use. "
                    + "Ask the tenant's administrator to allow email or text-message codes."))
            $0.loopGuard = .seen("signIn.mfaRequired:")
        }
    }
}
