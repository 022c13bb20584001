extension FlowState {
    /// Handles what the user did (no request is in flight).
    mutating func userAction(_ event: FlowEvent) -> [FlowEffect] {
        if serverWait?.remaining(at: now) == 0 { serverWait = nil }
        if serverWait != nil, event.sendsRequest {
            // Back from a 429 does not cut the server's Retry-After short; the screen shows what is left.
            return []
        }
        switch event {
        case .menuChosen(let item): return menuChosen(item)
        case .fieldEdited(let field, let text): edit(field, text)
        case .fieldLeft(let field): leave(field)
        case .submitted: return submit()
        case .methodPicked(let id): return pick(id)
        case .useCodeInstead: return useCodeInstead()
        case .resendRequested: return resend()
        case .backRequested: return back()
        case .retryRequested:
            if case .history = step { return historyAction(event) }
            guard case .failure(let report) = step, let retryStep = report.retryStep,
                  report.retryWait?.remaining(at: now) ?? 0 == 0 else { break }
            step = retryStep
            if report.retryRefreshes { return requestRefresh() }
        case .restartRequested: return restartFlow()
        case .otherFlowChosen(let kind): return switchFlow(to: kind)
        case .homeRequested: return leaveFlow()
        case .refreshRequested:
            return requestRefresh()
        case .claimsToggled, .signOutRequested, .switchAccountRequested:
            return accountAction(event)
        case .profileRequested, .profileEditRequested:
            return profileAction(event)
        case .historyRequested, .historyUserChosen, .historyMoreRequested, .historyFilterChanged, .historyRowOpened:
            return historyAction(event)
        case .tenantRequested, .tenantSaveRequested:
            return tenantAction(event)
        case .enrolAnotherRequested:
            guard case .enrolled = step else { return [] }
            step = .signUpStart(SignUpForm(settings: settings))
        default: break
        }
        return []
    }

    private mutating func menuChosen(_ item: MenuItem) -> [FlowEffect] {
        switch item {
        case .signIn: return start(.signIn)
        case .browserSignIn: return startInteractive(.startingBrowserSignIn, .startBrowserSignIn)
        case .deviceCodeSignIn: return startInteractive(.startingDeviceCodeSignIn, .startDeviceCodeSignIn)
        case .signUp: return start(.signUp)
        case .resetPassword: return start(.resetPassword)
        case .account:
            guard let signedIn else { return [] }
            let effects = leaveFlow()
            step = .signedIn(signedIn)
            return effects
        case .quit:
            return leaveFlow() + [.quit]
        }
    }

    /// "Back": start screens go home (the sign-in screen the server turned into "email and password"
    /// restarts the sign-in instead); contact entry returns to the picker; a failure returns to its step;
    /// the Graph screens go back one level (row → list → user form → account, edit → profile → account);
    /// any other server step cannot be undone on the server, so the flow restarts with the email kept.
    private mutating func back() -> [FlowEffect] {
        switch step {
        case .home:
            return []
        case .signInStart(let form) where form.passwordRequired:
            // "Enter your email and password" is the server's answer, a step like the others: back restarts
            // the sign-in with the email kept.
            return restartFlow()
        case .signInStart, .signUpStart, .resetStart, .webFallback, .signedIn, .enrolled, .enrolmentSignedIn, .resetDone,
             .deviceCode, .browserWait, .signedOut:
            return leaveFlow()
        case .contactEntry(let entry):
            step = .methodPicker(MethodPicker(purpose: .registration, methods: entry.availableMethods))
            return []
        case .failure(let report):
            guard let retryStep = report.retryStep else { return leaveFlow() }
            if let wait = report.retryWait, wait.remaining(at: now) > 0 { serverWait = wait }
            step = retryStep
            return []
        case .profile, .historyUser, .tenant:
            guard let signedIn else { return leaveFlow() }
            step = .signedIn(signedIn)
            return []
        case .profileEdit(let form):
            step = .profile(ProfileView(profile: form.profile))
            return []
        case .history(let view):
            step = .historyUser(HistoryUserForm(user: view.user))
            return []
        case .historyRow(let detail):
            step = .history(detail.list)
            return []
        case .codeEntry, .newPassword, .attributes, .methodPicker, .resetPolling, .readyToSignIn:
            return restartFlow()
        }
    }

    /// `kind`'s first screen for the email of the flow in progress (as typed on the sign-up screen, else
    /// the one the flow started with, else the signed-in account's).
    private mutating func switchFlow(to kind: FlowKind) -> [FlowEffect] {
        var email = origin?.email ?? signedIn?.username ?? ""
        if case .signUpStart(let form) = step { email = form.email }
        let effects = start(kind)
        switch kind {
        case .signIn: step = .signInStart(SignInForm(email: email))
        case .signUp: step = .signUpStart(SignUpForm(settings: settings, email: email))
        case .resetPassword: step = .resetStart(EmailForm(email: email))
        }
        return effects
    }

    private mutating func useCodeInstead() -> [FlowEffect] {
        guard case .signInStart(var form) = step else { return [] }
        guard let email = validEmail(form.email) else {
            form.emailError = Validation.emailMessage(for: form.email)
            step = .signInStart(form)
            return []
        }
        form.password = ""  // not needed, so not kept
        form.message = nil
        step = .signInStart(form)
        return begin(.signIn, email: email, pending: .signingIn, [.startSignIn(email: email, password: nil)])
    }

    private mutating func resend() -> [FlowEffect] {
        guard case .codeEntry(var entry) = step else { return [] }
        guard entry.resend.remaining(at: now) == 0 else {
            entry.notice = "You can ask for a new code in \(entry.resend.remaining(at: now)) seconds."
            step = .codeEntry(entry)
            return []
        }
        pending = .resendingCode
        return [.resendCode]
    }

    private mutating func pick(_ id: String) -> [FlowEffect] {
        guard case .methodPicker(var picker) = step,
              let method = picker.methods.first(where: { $0.id == id }) else { return [] }
        guard !picker.blocked.contains(id) else {
            picker.message = "That method is blocked right now. Choose another one."
            step = .methodPicker(picker)
            return []
        }
        switch picker.purpose {
        case .mfa:
            picker.picked = id
            picker.message = nil
            step = .methodPicker(picker)
            pending = .requestingCode
            return [.pickMethod(id: id)]
        case .registration:
            // For registration the hint may be the unmasked sign-up email: a useful default for email.
            let suggested = method.channel == .email ? method.loginHint ?? "" : ""
            step = .contactEntry(ContactEntry(
                method: method, availableMethods: picker.methods, contact: suggested,
                countryCode: settings.defaultCountryCode ?? ""))
            return []
        }
    }

    /// Records the flow's origin, resets the loop guard and sends the first request.
    mutating func begin(_ kind: FlowKind, email: String, pending request: PendingRequest, _ effects: [FlowEffect]) -> [FlowEffect] {
        origin = FlowOrigin(kind: kind, email: email)
        loopGuard = LoopGuard()
        pending = request
        return effects
    }

    func validEmail(_ text: String) -> String? { Validation.email(text) }

    /// On the account screen with a refresh token: exchange it for new tokens.
    private mutating func requestRefresh() -> [FlowEffect] {
        guard case .signedIn(let account, _) = step, account.canRefresh else { return [] }
        pending = .refreshingTokens
        return [.refreshTokens]
    }
}

extension FlowEvent {
    /// A user event that may send a request to the tenant: held while the server's Retry-After runs.
    var sendsRequest: Bool {
        switch self {
        case .submitted, .useCodeInstead, .resendRequested, .methodPicked: true
        default: false
        }
    }
}
