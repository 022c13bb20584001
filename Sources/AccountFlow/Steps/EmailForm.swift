import Localization
import TophhieCloudAuthentication

/// A screen that only asks for an email (password reset start).
public struct EmailForm: Sendable, Equatable {
    /// As typed; trimmed and checked for the shape `local@domain` on submit.
    public var email: String
    /// Shown on the email field: a local check, or the service's answer (no such account, no password, bad input).
    public var emailError: String?
    /// A message for the whole form, e.g. why the flow restarted.
    public var message: String?

    /// An empty form by default; a restart fills `email` and `message`.
    public init(email: String = "", emailError: String? = nil, message: String? = nil) {
        self.email = email
        self.emailError = emailError
        self.message = message
    }
}

extension EmailForm: StepModule {
    var step: FlowStep { .resetStart(self) }

    func screen(in state: FlowState) -> Screen {
        Screen(
            title: tr("resetStart.title"),
            text: [tr("resetStart.text")],
            fields: [ScreenField(id: .email, label: tr("field.email"), kind: .email, value: email, error: emailError)],
            actions: [ScreenAction(tr("action.sendCode"), .submitted)] + FlowState.backAndCancel,
            message: message)
    }

    mutating func edit(_ field: FieldID, _ text: String) {
        if field == .email { email = text; emailError = nil }
    }

    mutating func leave(_ field: FieldID) {
        if field == .email { emailError = Validation.emailError(email) }
    }

    func submit(in state: inout FlowState) -> [FlowEffect] {
        var form = self
        guard let email = Validation.email(form.email) else {
            form.emailError = Validation.emailMessage(for: form.email)
            state.step = .resetStart(form)
            return []
        }
        return state.begin(.resetPassword, email: email, pending: .startingReset, [.startPasswordReset(email: email)])
    }

    /// A start screen: nothing was sent yet, so Back goes home.
    func back(in state: inout FlowState) -> [FlowEffect] {
        state.leaveFlow()
    }

    /// The reset's start answers with its own error type, which names the answers that belong to the email field.
    func resetStartFailed(_ error: PasswordResetError, in state: inout FlowState) -> [FlowEffect] {
        var form = self
        switch error {
        case .userNotFound, .userHasNoPassword:
            form.emailError = error.screenMessage
        case .other(.invalidInput(_, let details)):
            form.emailError = details == .local ? Validation.emailMessage : NativeAuthError.emailRefused
        case .invalidCode, .invalidPassword, .resetFailed, .pollTimedOut, .other:
            return state.commonFailure(error.nativeAuthError)
        }
        state.step = .resetStart(form)
        return []
    }
}
