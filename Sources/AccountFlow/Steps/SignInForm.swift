import Localization
import TophhieCloudAuthentication

/// The sign-in start screen: email, an optional password, and "use a one-time code instead".
public struct SignInForm: Sendable, Equatable {
    /// As typed; trimmed and checked for the shape `local@domain` on submit.
    public var email: String
    /// Empty asks for a one-time code; cleared when the user chooses a code instead.
    public var password: Secret
    /// The server said this account has a password (`NativeAuthError.passwordRequired`).
    public var passwordRequired: Bool
    /// Shown on the email field: a local check, or the service refused the input.
    public var emailError: String?
    /// Set when the account needs a password and none was typed.
    public var passwordError: String?
    /// A message for the whole form, e.g. the single "couldn't sign you in" message.
    public var message: String?

    /// An empty form by default; a restart fills `email` and `message`.
    public init(email: String = "", password: Secret = "", passwordRequired: Bool = false,
                emailError: String? = nil, passwordError: String? = nil, message: String? = nil) {
        self.email = email
        self.password = password
        self.passwordRequired = passwordRequired
        self.emailError = emailError
        self.passwordError = passwordError
        self.message = message
    }

    /// The one message for "no such user" and "wrong password": no account enumeration.
    public static var credentialsRejected: String { tr("signIn.credentialsRejected") }
}

extension SignInForm: StepModule {
    var step: FlowStep { .signInStart(self) }

    func screen(in state: FlowState) -> Screen {
        // Once the server has said this account needs its password, a code is no way in: don't offer one.
        let codeOffered = !passwordRequired
        var screen = Screen(
            title: tr("signIn.title"),
            text: [codeOffered ? tr("signIn.text.codeOffered") : tr("signIn.text")],
            fields: [
                ScreenField(id: .email, label: tr("field.email"), kind: .email, value: email, error: emailError),
                ScreenField(id: .password, label: tr("field.password"), kind: .secret, value: password.revealed, error: passwordError,
                            required: passwordRequired),
            ],
            actions: [ScreenAction(tr("action.signIn"), .submitted)]
                + (codeOffered ? [ScreenAction(tr("action.useCodeInstead"), .useCodeInstead)] : [])
                + FlowState.backAndCancel,
            message: message)
        // The server's answer asks for the password: the cursor goes where it is to be typed.
        if passwordRequired { screen.focusField = .password }
        return screen
    }

    mutating func edit(_ field: FieldID, _ text: String) {
        switch field {
        case .email:
            // What the server said about the previous address's password does not hold for another one.
            if passwordRequired, text != email { passwordRequired = false; message = nil }
            email = text; emailError = nil
        case .password: password = Secret(text); passwordError = nil
        case .confirmPassword, .code, .contact, .countryCode, .historyUser, .attribute: break
        }
    }

    mutating func leave(_ field: FieldID) {
        if field == .email { emailError = Validation.emailError(email) }
    }

    func submit(in state: inout FlowState) -> [FlowEffect] {
        var form = self
        form.message = nil
        let email = Validation.email(form.email)
        form.emailError = email == nil ? Validation.emailMessage(for: form.email) : nil
        form.passwordError = form.passwordRequired && form.password.isEmpty ? Validation.passwordMissing : nil
        state.step = .signInStart(form)
        guard let email, form.passwordError == nil else { return [] }
        // An empty password means a passwordless (one-time code) sign-in.
        let password = form.password.isEmpty ? nil : form.password
        return state.begin(.signIn, email: email, pending: .signingIn, [.startSignIn(email: email, password: password)])
    }

    /// "Use a one-time code instead": a passwordless sign-in, whatever password was typed.
    func useCodeInstead(in state: inout FlowState) -> [FlowEffect] {
        var form = self
        guard let email = Validation.email(form.email) else {
            form.emailError = Validation.emailMessage(for: form.email)
            state.step = .signInStart(form)
            return []
        }
        form.password = ""  // not needed, so not kept
        form.message = nil
        state.step = .signInStart(form)
        return state.begin(.signIn, email: email, pending: .signingIn, [.startSignIn(email: email, password: nil)])
    }

    /// Home; but "Enter your email and password" is the server's answer, a step like the others: back restarts
    /// the sign-in with the email kept.
    func back(in state: inout FlowState) -> [FlowEffect] {
        passwordRequired ? state.restartFlow() : state.leaveFlow()
    }

    func failed(_ error: NativeAuthError, in state: inout FlowState) -> [FlowEffect] {
        var form = self
        switch error {
        case .userNotFound, .invalidCredentials:
            // One message for both: the screen must not tell whether an account exists.
            form.message = Self.credentialsRejected
        case .passwordRequired:
            form.passwordRequired = true
            form.message = tr("signIn.hasPassword")
        case .userHasNoPassword:
            form.password = ""
            form.message = tr("signIn.codesOnly", ["action": tr("action.useCodeInstead")])
        case .invalidInput(_, let details):
            form.emailError = details == .local ? Validation.emailMessage : NativeAuthError.emailRefused
        case .userAlreadyExists, .invalidPassword, .invalidCode, .invalidAttributes, .noMatchingAuthMethod,
             .browserRequired, .methodBlocked, .expiredFlow, .passwordChangeRequired, .mfaRequiredForRefresh,
             .refreshTokenExpired, .unauthorizedClient, .nativeAuthDisabled, .invalidClient, .throttled, .networkFailure,
             .unexpectedResponse, .invalidConfiguration, .server, .furtherStepRequired:
            return state.commonFailure(error)
        }
        state.step = .signInStart(form)
        return []
    }
}
