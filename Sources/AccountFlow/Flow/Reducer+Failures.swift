import Localization
import TophhieCloudAuthentication

extension FlowState {
    static var accountExistsMessage: String { tr("failure.accountExists") }
    static var sessionTimedOut: String { tr("failure.sessionTimedOut") }

    /// The current step's request failed: a native-auth step's module keeps the errors that belong to its fields;
    /// anything else, and any failure on the console's own screens, is a common failure. The step is the one that
    /// sent the request: user input other than cancel is held while it is in flight.
    mutating func stepFailed(_ error: NativeAuthError) -> [FlowEffect] {
        guard let module = step.module else { return commonFailure(error) }
        return module.failed(error, in: &self)
    }

    /// A resend's failure: the code screen says why no new code came.
    mutating func resendFailed(_ error: NativeAuthError) -> [FlowEffect] {
        guard case .codeEntry(let entry) = step else { return commonFailure(error) }
        return entry.resendFailed(error, in: &self)
    }

    /// The reset start's failure, with the reset's own error type.
    mutating func resetStartFailed(_ error: PasswordResetError) -> [FlowEffect] {
        guard case .resetStart(let form) = step else { return commonFailure(error.nativeAuthError) }
        return form.resetStartFailed(error, in: &self)
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
                                          detail: error.operatorDetail, accountExists: true))
            return [.forgetSession]
        case .passwordChangeRequired:
            step = .failure(FailureReport(
                message: error.screenMessage, detail: error.operatorDetail, suggestsPasswordReset: true))
            return [.forgetSession]
        case .invalidPassword, .invalidCode, .invalidAttributes, .invalidCredentials, .userNotFound, .invalidInput,
             .noMatchingAuthMethod, .passwordRequired, .methodBlocked, .userHasNoPassword, .mfaRequiredForRefresh,
             .refreshTokenExpired, .unauthorizedClient, .nativeAuthDisabled, .invalidClient, .throttled,
             .networkFailure, .unexpectedResponse, .invalidConfiguration, .server, .furtherStepRequired:
            // Retrying returns to the step with its input; a reset that was polling asks for the password again.
            let retryStep: FlowStep = isPolling
                ? .newPassword(NewPasswordForm(purpose: .resetPassword)) : step
            var retryWait: Countdown?
            if case .throttled(let seconds?, _) = error { retryWait = Countdown(seconds: seconds, startedAt: now) }
            step = .failure(FailureReport(
                message: error.screenMessage, detail: error.operatorDetail,
                retryStep: retryStep, retryWait: retryWait))
            return []
        }
    }

    private var isPolling: Bool {
        if case .resetPolling = step { return true }
        return false
    }

    mutating func resetFailed(_ error: PasswordResetError) -> [FlowEffect] {
        switch error {
        case .invalidPassword(let rule, _) where isPolling:
            step = .newPassword(NewPasswordForm(purpose: .resetPassword, passwordError: Validation.passwordMessage(rule, email: origin?.email)))
            return []
        case .resetFailed where isPolling:
            step = .newPassword(NewPasswordForm(purpose: .resetPassword, passwordError: error.screenMessage))
            return []
        case .pollTimedOut:
            step = .failure(FailureReport(message: error.screenMessage))
            return [.forgetSession]
        case .other(let underlying):
            return stepFailed(underlying)
        case .userNotFound, .userHasNoPassword, .invalidCode, .invalidPassword, .resetFailed:
            return stepFailed(error.nativeAuthError)
        }
    }
}
