import Localization
import TophhieCloudAuthentication

/// The sign-up start screen: email, the password when the console creates password accounts, and the
/// attributes the operator sends up front.
public struct SignUpForm: Sendable, Equatable {
    /// As typed; trimmed and checked for the shape `local@domain` on submit.
    public var email: String
    /// Present only when ``FlowSettings/passwordAccounts`` is on.
    public var password: Secret
    /// Must equal `password`; checked when left and on submit.
    public var confirmPassword: Secret
    /// Fields for ``FlowSettings/upFrontAttributes``, sent with `/signup/v1.0/start` when filled (optional
    /// attributes are accepted only there); a required one left empty is asked for after the code.
    public var attributes: AttributeForm
    /// A local check, or `user_already_exists` (sign-up may say an account exists; sign-in never does).
    public var emailError: String?
    /// The server said an account with this email exists: Sign in and Reset password are offered for it
    /// until the email changes (field case 014, docs/field-cases.md).
    public var accountExists: Bool
    /// A missing password, or the server's password-policy suberror.
    public var passwordError: String?
    /// Set when the confirmation differs from the password.
    public var confirmError: String?
    /// A message for the whole form: the service refused the input, or why the flow restarted.
    public var message: String?

    /// A form with these values; ``init(settings:email:)`` builds the empty one.
    public init(email: String = "", password: Secret = "", confirmPassword: Secret = "",
                attributes: AttributeForm, emailError: String? = nil, accountExists: Bool = false, passwordError: String? = nil,
                confirmError: String? = nil, message: String? = nil) {
        self.email = email
        self.password = password
        self.confirmPassword = confirmPassword
        self.attributes = attributes
        self.emailError = emailError
        self.accountExists = accountExists
        self.passwordError = passwordError
        self.confirmError = confirmError
        self.message = message
    }

    /// An empty form for `settings`.
    public init(settings: FlowSettings, email: String = "") {
        // What is left empty here the server asks for after the code, if the tenant requires it.
        self.init(email: email, attributes: AttributeForm(settings.upFrontAttributes, askedLater: true))
    }
}

extension SignUpForm: StepModule {
    var step: FlowStep { .signUpStart(self) }

    func screen(in state: FlowState) -> Screen {
        let settings = state.settings
        var fields = [ScreenField(id: .email, label: tr("field.email"), kind: .email, value: email, error: emailError)]
        if settings.passwordAccounts {
            fields.append(ScreenField(id: .password, label: tr("field.password"), kind: .secret, value: password.revealed,
                                      error: passwordError, note: settings.passwordPolicyHint))
            fields.append(ScreenField(id: .confirmPassword, label: tr("field.confirmPassword"), kind: .secret,
                                      value: confirmPassword.revealed, error: confirmError))
        }
        fields += attributes.fields.map(FlowState.screenField)
        var screen = Screen(
            title: tr("signUp.title"),
            text: [tr("signUp.text")],
            fields: fields,
            actions: [ScreenAction(tr("action.createAccount"), .submitted)] + (accountExists ? FlowState.accountExistsActions : [])
                + FlowState.backAndCancel,
            message: message ?? attributes.message)
        // A form filled in before it opens (the desk's row, the address from sign-in) starts where the person types.
        screen.focusField = fields.first { $0.value.isEmpty }?.id
        return screen
    }

    mutating func edit(_ field: FieldID, _ text: String) {
        switch field {
        case .email:
            if text != email { accountExists = false }
            email = text; emailError = nil
        case .password: password = Secret(text); passwordError = nil
        case .confirmPassword: confirmPassword = Secret(text); confirmError = nil
        case .attribute(let name): attributes.edit(name, text)
        case .code, .contact, .countryCode, .historyUser: break
        }
    }

    mutating func leave(_ field: FieldID) {
        switch field {
        case .email: emailError = Validation.emailError(email)
        case .confirmPassword: confirmError = Validation.mismatch(password, confirmPassword)
        case .attribute(let name): attributes.leave(name)
        case .password, .code, .contact, .countryCode, .historyUser: break
        }
    }

    func submit(in state: inout FlowState) -> [FlowEffect] {
        let settings = state.settings
        var form = self
        form.message = nil
        let email = Validation.email(form.email)
        form.emailError = email == nil ? Validation.emailMessage(for: form.email) : nil
        if settings.passwordAccounts {
            form.passwordError = form.password.isEmpty ? Validation.passwordMissing : nil
            form.confirmError = form.password.isEmpty || form.password == form.confirmPassword
                ? nil : Validation.passwordsDiffer
        }
        let attributesValid = form.attributes.validateAll()
        state.step = .signUpStart(form)
        guard let email, form.passwordError == nil, form.confirmError == nil, attributesValid else { return [] }
        let password = settings.passwordAccounts ? form.password : nil
        return state.begin(.signUp, email: email, pending: .signingUp,
                           [.startSignUp(email: email, password: password, attributes: form.attributes.values)])
    }

    /// A start screen: nothing was sent yet, so Back goes home.
    func back(in state: inout FlowState) -> [FlowEffect] {
        state.leaveFlow()
    }

    func failed(_ error: NativeAuthError, in state: inout FlowState) -> [FlowEffect] {
        var form = self
        switch error {
        case .userAlreadyExists:
            // Sign-up may say so (the policy); sign-in never does.
            form.emailError = FlowState.accountExistsMessage
            form.accountExists = true
        case .invalidPassword(let rule, _):
            form.passwordError = Validation.passwordMessage(rule, password: form.password, email: form.email)
        case .invalidAttributes(let names):
            form.attributes.markRejected(names)
        case .invalidInput(_, let details) where details != .local:
            // From the server at sign-up start, the username (90100): the email field's.
            form.emailError = NativeAuthError.emailRefused
        case .invalidInput:
            form.message = error.screenMessage
        case .invalidCode, .invalidCredentials, .userNotFound, .noMatchingAuthMethod, .passwordRequired, .browserRequired,
             .methodBlocked, .expiredFlow, .userHasNoPassword, .passwordChangeRequired, .mfaRequiredForRefresh,
             .refreshTokenExpired, .unauthorizedClient, .nativeAuthDisabled, .invalidClient, .throttled, .networkFailure,
             .unexpectedResponse, .invalidConfiguration, .server, .furtherStepRequired:
            return state.commonFailure(error)
        }
        state.step = .signUpStart(form)
        return []
    }
}
