import Localization
import TophhieCloudAuthentication

/// Which flow is choosing a password.
public enum PasswordPurpose: Sendable, Equatable {
    /// Sign-up's `credential_required` step.
    case signUp
    /// The reset's new password, sent to `/resetpassword/v1.0/submit` (docs/protocol.md §N5.4).
    case resetPassword
}

/// New password with confirmation; the server's password suberror lands on `passwordError`.
public struct NewPasswordForm: Sendable, Equatable {
    /// Decides what follows the submit: sign-up's next step, or the reset's completion polls.
    public var purpose: PasswordPurpose
    /// As typed; no local length limit (the tenant's policy answers).
    public var password: Secret
    /// Must equal `password` before the form is sent.
    public var confirmPassword: Secret
    /// A missing password, or the server's refusal (a password-policy suberror such as `password_too_weak`).
    public var passwordError: String?
    /// Set when the confirmation differs from the password.
    public var confirmError: String?

    /// An empty form by default; `passwordError` carries a refusal when a reset comes back here.
    public init(purpose: PasswordPurpose, password: Secret = "", confirmPassword: Secret = "",
                passwordError: String? = nil, confirmError: String? = nil) {
        self.purpose = purpose
        self.password = password
        self.confirmPassword = confirmPassword
        self.passwordError = passwordError
        self.confirmError = confirmError
    }
}

extension NewPasswordForm: StepModule {
    var step: FlowStep { .newPassword(self) }

    func screen(in state: FlowState) -> Screen {
        Screen(
            title: purpose == .signUp ? tr("newPassword.title.signUp") : tr("newPassword.title"),
            text: [tr("newPassword.text")],
            fields: [
                ScreenField(id: .password, label: tr("field.newPassword"), kind: .secret, value: password.revealed,
                            error: passwordError, note: state.settings.passwordPolicyHint),
                ScreenField(id: .confirmPassword, label: tr("field.confirmPassword"), kind: .secret, value: confirmPassword.revealed,
                            error: confirmError),
            ],
            actions: [ScreenAction(tr("action.setPassword"), .submitted)] + FlowState.backAndCancel)
    }

    mutating func edit(_ field: FieldID, _ text: String) {
        switch field {
        case .password: password = Secret(text); passwordError = nil
        case .confirmPassword: confirmPassword = Secret(text); confirmError = nil
        case .email, .code, .contact, .countryCode, .historyUser, .attribute: break
        }
    }

    mutating func leave(_ field: FieldID) {
        if field == .confirmPassword { confirmError = Validation.mismatch(password, confirmPassword) }
    }

    func submit(in state: inout FlowState) -> [FlowEffect] {
        var form = self
        form.passwordError = form.password.isEmpty ? Validation.passwordMissing : nil
        form.confirmError = form.password.isEmpty || form.password == form.confirmPassword ? nil : Validation.passwordsDiffer
        state.step = .newPassword(form)
        guard form.passwordError == nil, form.confirmError == nil else { return [] }
        switch form.purpose {
        case .signUp:
            state.pending = .sendingPassword
            return [.submit(.password(form.password))]
        case .resetPassword:
            // The form (and its secret) is gone while the service applies the password.
            state.step = .resetPolling(poll: 0)
            state.pending = .changingPassword
            return [.submit(.password(form.password))]
        }
    }

    func failed(_ error: NativeAuthError, in state: inout FlowState) -> [FlowEffect] {
        var form = self
        switch error {
        case .invalidPassword(let rule, _):
            form.passwordError = Validation.passwordMessage(rule, password: form.password, email: state.origin?.email)
        case .invalidInput(let message, _):
            form.passwordError = message
        case .userAlreadyExists, .invalidCode, .invalidAttributes, .invalidCredentials, .userNotFound,
             .noMatchingAuthMethod, .passwordRequired, .browserRequired, .methodBlocked, .expiredFlow, .userHasNoPassword,
             .passwordChangeRequired, .mfaRequiredForRefresh, .refreshTokenExpired, .unauthorizedClient,
             .nativeAuthDisabled, .invalidClient, .throttled, .networkFailure, .unexpectedResponse, .invalidConfiguration,
             .server, .furtherStepRequired:
            return state.commonFailure(error)
        }
        state.step = .newPassword(form)
        return []
    }
}
