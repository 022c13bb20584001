import TophhieCloudAuthentication

extension FlowState {
    static let wrongCode = "That code isn't right. Check it and try again."
    /// From this many refusals on one screen, the advice names the way out of a code that stopped working.
    static let wrongAttemptsBeforeAdvice = 3
    static let wrongCodeRepeatedly = "That code isn't right. After several wrong tries a code can stop working: "
        + "if you are sure of it, send a new code or start again."
    static let accountExistsMessage = "An account with that email already exists. Sign in, or reset its password."
    static let noMoreCodesInThisFlow = "No more codes can be sent in this flow, so waiting will not help. "
        + "Use the code already sent, or press Back to start again and get a new one."
    static let sessionTimedOut = "The session timed out. Start again; your email is kept."

    /// Errors that belong to the current server step's fields; anything else is a common failure.
    mutating func stepFailed(_ error: NativeAuthError) -> [FlowEffect] {
        switch (step, error) {
        case (.codeEntry(var entry), .invalidCode):
            // Field case 010 (docs/field-cases.md): stay, say so, clear the code; the runner keeps the step, so its token is reused.
            entry.code = ""
            entry.wrongAttempts += 1
            entry.codeError = entry.wrongAttempts >= Self.wrongAttemptsBeforeAdvice ? Self.wrongCodeRepeatedly : Self.wrongCode
            entry.notice = nil
            step = .codeEntry(entry)
        case (.newPassword(var form), .invalidPassword(let rule, _)):
            form.passwordError = Validation.passwordMessage(rule, password: form.password, email: origin?.email)
            step = .newPassword(form)
        case (.newPassword(var form), .invalidInput(let message, _)):
            form.passwordError = message
            step = .newPassword(form)
        case (.attributes(var form), .invalidAttributes(let names)):
            form.markRejected(names)
            step = .attributes(form)
        case (.attributes(var form), .invalidInput(let message, _)):
            form.message = message
            step = .attributes(form)
        default:
            return commonFailure(error)
        }
        return []
    }

    /// Failures with one handling wherever they happen.
    mutating func commonFailure(_ error: NativeAuthError) -> [FlowEffect] {
        switch error {
        case .expiredFlow:
            return restartFlow(notice: Self.sessionTimedOut)
        case .browserRequired(let reason, _):
            step = .webFallback(WebFallback(
                reason: reason, sentChallengeTypes: settings.challengeTypes, sentCapabilities: settings.capabilities))
            return [.forgetSession]
        case .userAlreadyExists:
            // Later in a sign-up (another sign-up for the address finished first): the same ways on.
            step = .failure(FailureReport(message: Self.accountExistsMessage,
                                          detail: error.details?.description ?? error.operatorDescription, accountExists: true))
            return [.forgetSession]
        case .passwordChangeRequired:
            step = .failure(FailureReport(
                message: error.errorDescription ?? "", detail: error.details?.description ?? error.operatorDescription, suggestsPasswordReset: true))
            return [.forgetSession]
        default:
            // Retrying returns to the step with its input; a reset that was polling asks for the password again.
            let retryStep: FlowStep = isPolling
                ? .newPassword(NewPasswordForm(purpose: .resetPassword)) : step
            var retryWait: Countdown?
            if case .throttled(let seconds?, _) = error { retryWait = Countdown(seconds: seconds, startedAt: now) }
            step = .failure(FailureReport(
                message: error.errorDescription ?? "Something went wrong.", detail: error.details?.description ?? error.operatorDescription,
                retryStep: retryStep, retryWait: retryWait))
            return []
        }
    }

    private var isPolling: Bool {
        if case .resetPolling = step { return true }
        return false
    }

    mutating func signUpStartFailed(_ error: NativeAuthError) -> [FlowEffect] {
        guard case .signUpStart(var form) = step else { return commonFailure(error) }
        switch error {
        case .userAlreadyExists:
            // Sign-up may say so (the policy); sign-in never does.
            form.emailError = Self.accountExistsMessage
            form.accountExists = true
        case .invalidPassword(let rule, _):
            form.passwordError = Validation.passwordMessage(rule, password: form.password, email: form.email)
        case .invalidAttributes(let names):
            form.attributes.markRejected(names)
        case .invalidInput(let message, _):
            form.message = message
        default:
            return commonFailure(error)
        }
        step = .signUpStart(form)
        return []
    }

    mutating func signInStartFailed(_ error: NativeAuthError, _ original: SignInForm) -> [FlowEffect] {
        var form = original
        switch error {
        case .userNotFound, .invalidCredentials:
            // One message for both: the screen must not tell whether an account exists.
            form.message = SignInForm.credentialsRejected
        case .passwordRequired:
            form.passwordRequired = true
            form.message = "This account has a password. Enter it to sign in."
        case .userHasNoPassword:
            form.password = ""
            form.message = "This account signs in with one-time codes. Choose “Use a one-time code instead”."
        case .invalidInput(let message, _):
            form.emailError = message
        default:
            return commonFailure(error)
        }
        step = .signInStart(form)
        return []
    }

    mutating func mfaChallengeFailed(_ error: NativeAuthError) -> [FlowEffect] {
        guard case .methodPicker(var picker) = step else { return commonFailure(error) }
        switch error {
        case .methodBlocked:
            // Field case 003 (docs/field-cases.md): the step stays usable, so keep the picker and offer the other methods.
            if let picked = picker.picked { picker.blocked.insert(picked) }
            let usable = picker.methods.filter { !picker.blocked.contains($0.id) }
            picker.message = usable.isEmpty
                ? "That method is blocked right now and there is no other. Try again later."
                : "That method is blocked right now. Choose another method."
        case .noMatchingAuthMethod:
            picker.message = error.errorDescription
        default:
            return commonFailure(error)
        }
        picker.picked = nil
        step = .methodPicker(picker)
        return []
    }

    mutating func registrationFailed(_ error: NativeAuthError) -> [FlowEffect] {
        guard case .contactEntry(var entry) = step else { return commonFailure(error) }
        let what = entry.isPhone ? "phone number" : "email address"
        switch error {
        case .invalidInput:
            // Field case 002 (docs/field-cases.md) (AADSTS901001): the registration step is kept; correct it or pick another method.
            entry.contactError = "That \(what) doesn't look right. Check it, or go back and pick another method."
        case .methodBlocked:
            entry.contactError = "That \(what) can't be used right now. Try another \(what), or go back and pick another method."
        case .noMatchingAuthMethod:
            step = .methodPicker(MethodPicker(
                purpose: .registration, methods: entry.availableMethods, message: error.errorDescription))
            return []
        default:
            return commonFailure(error)
        }
        step = .contactEntry(entry)
        return []
    }

    mutating func resendFailed(_ error: NativeAuthError) -> [FlowEffect] {
        guard case .codeEntry(var entry) = step else { return commonFailure(error) }
        switch error {
        case .throttled(let seconds, _):
            entry.notice = error.errorDescription
            entry.resend = Countdown(seconds: seconds ?? 0, startedAt: now)
        case .expiredFlow, .browserRequired:
            return commonFailure(error)
        case .server where entry.resend.seconds > 0:
            // The announced interval has passed (Resend is held until it does), so this is the flow's cap on
            // codes (50196 too): waiting will not help, starting again will.
            entry.notice = Self.noMoreCodesInThisFlow
        case .server:
            // Challenges without an `interval` still have a resend wait the client cannot know.
            entry.notice = "A new code can't be sent yet. Wait a moment, then ask again."
        default:
            entry.notice = "A new code couldn't be sent. " + (error.errorDescription ?? "")
        }
        step = .codeEntry(entry)
        return []
    }

    mutating func resetStartFailed(_ error: PasswordResetError) -> [FlowEffect] {
        guard case .resetStart(var form) = step else { return commonFailure(error.nativeAuthError) }
        switch error {
        case .userNotFound, .userHasNoPassword:
            form.emailError = error.errorDescription
        case .other(.invalidInput(let message, _)):
            form.emailError = message
        default:
            return commonFailure(error.nativeAuthError)
        }
        step = .resetStart(form)
        return []
    }

    mutating func resetFailed(_ error: PasswordResetError) -> [FlowEffect] {
        switch error {
        case .invalidPassword(let rule, _) where isPolling:
            step = .newPassword(NewPasswordForm(purpose: .resetPassword, passwordError: rule.message))
            return []
        case .resetFailed where isPolling:
            step = .newPassword(NewPasswordForm(purpose: .resetPassword, passwordError: error.errorDescription))
            return []
        case .pollTimedOut:
            step = .failure(FailureReport(message: error.errorDescription ?? ""))
            return [.forgetSession]
        case .other(let underlying):
            return stepFailed(underlying)
        default:
            return stepFailed(error.nativeAuthError)
        }
    }
}
