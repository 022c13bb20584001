extension FlowState {
    /// Enter on the current step: check locally, then send the step's request.
    mutating func submit() -> [FlowEffect] {
        switch step {
        case .signInStart(let form): return submitSignIn(form)
        case .signUpStart(let form): return submitSignUp(form)
        case .resetStart(var form):
            guard let email = Validation.email(form.email) else {
                form.emailError = Validation.emailMessage(for: form.email)
                step = .resetStart(form)
                return []
            }
            return begin(.resetPassword, email: email, pending: .startingReset, [.startPasswordReset(email: email)])
        case .codeEntry(let entry): return submitCode(entry)
        case .newPassword(let form): return submitNewPassword(form)
        case .attributes(var form):
            guard form.validateAll() else {
                step = .attributes(form)
                return []
            }
            step = .attributes(form)
            pending = .sendingAttributes
            return [.submit(.attributes(form.values))]
        case .contactEntry(var entry):
            switch contact(of: entry) {
            case .failure(let problem):
                entry.contactError = problem.message
                step = .contactEntry(entry)
                return []
            case .success(let contact):
                pending = .registeringMethod
                return [.submit(.contact(methodID: entry.method.id, contact: contact))]
            }
        case .resetDone:
            origin?.signingIn = true
            step = .readyToSignIn
            pending = .signingIn
            return [.submit(.signIn)]
        case .readyToSignIn:
            // Reached again by "retry" after the sign-in that follows sign-up or reset failed.
            pending = .signingIn
            return [.submit(.signIn)]
        case .enrolled:
            step = .signUpStart(SignUpForm(settings: settings))
            return []
        case .failure(let report):
            if let retryStep = report.retryStep { step = retryStep }
            return []
        case .profileEdit(let form):
            return saveProfile(form)
        case .historyUser:
            return historyAction(.historyUserChosen)
        case .profile, .history, .historyRow, .tenant, .home, .methodPicker, .resetPolling, .webFallback, .signedIn, .enrolmentSignedIn, .deviceCode, .browserWait,
             .signedOut:
            return []
        }
    }

    private mutating func submitSignIn(_ original: SignInForm) -> [FlowEffect] {
        var form = original
        form.message = nil
        let email = Validation.email(form.email)
        form.emailError = email == nil ? Validation.emailMessage(for: form.email) : nil
        form.passwordError = form.passwordRequired && form.password.isEmpty ? Validation.passwordMissing : nil
        step = .signInStart(form)
        guard let email, form.passwordError == nil else { return [] }
        // An empty password means a passwordless (one-time code) sign-in.
        let password = form.password.isEmpty ? nil : form.password
        return begin(.signIn, email: email, pending: .signingIn, [.startSignIn(email: email, password: password)])
    }

    private mutating func submitSignUp(_ original: SignUpForm) -> [FlowEffect] {
        var form = original
        form.message = nil
        let email = Validation.email(form.email)
        form.emailError = email == nil ? Validation.emailMessage(for: form.email) : nil
        if settings.passwordAccounts {
            form.passwordError = form.password.isEmpty ? Validation.passwordMissing : nil
            form.confirmError = form.password.isEmpty || form.password == form.confirmPassword
                ? nil : Validation.passwordsDiffer
        }
        let attributesValid = form.attributes.validateAll()
        step = .signUpStart(form)
        guard let email, form.passwordError == nil, form.confirmError == nil, attributesValid else { return [] }
        let password = settings.passwordAccounts ? form.password : nil
        return begin(.signUp, email: email, pending: .signingUp,
                     [.startSignUp(email: email, password: password, attributes: form.attributes.values)])
    }

    private mutating func submitCode(_ original: CodeEntry) -> [FlowEffect] {
        var entry = original
        let code = entry.code.filter { !$0.isWhitespace }
        entry.notice = nil
        guard !code.isEmpty else {
            entry.codeError = Validation.codeMissing
            step = .codeEntry(entry)
            return []
        }
        // A short code would only spend one of the server's attempts.
        guard code.count == entry.delivery.codeLength else {
            entry.codeError = "Enter all \(entry.delivery.codeLength) digits of the code."
            step = .codeEntry(entry)
            return []
        }
        step = .codeEntry(entry)
        pending = .checkingCode
        return [.submit(.code(code))]
    }

    private mutating func submitNewPassword(_ original: NewPasswordForm) -> [FlowEffect] {
        var form = original
        form.passwordError = form.password.isEmpty ? Validation.passwordMissing : nil
        form.confirmError = form.password.isEmpty || form.password == form.confirmPassword ? nil : Validation.passwordsDiffer
        step = .newPassword(form)
        guard form.passwordError == nil, form.confirmError == nil else { return [] }
        switch form.purpose {
        case .signUp:
            pending = .sendingPassword
            return [.submit(.password(form.password))]
        case .resetPassword:
            // The form (and its secret) is gone while the service applies the password.
            step = .resetPolling(poll: 0)
            pending = .changingPassword
            return [.submit(.password(form.password))]
        }
    }
}
