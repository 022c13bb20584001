extension FlowState {
    mutating func pick(_ id: String) -> [FlowEffect] {
        guard case .methodPicker(let picker) = step else { return [] }
        return picker.pick(id, in: &self)
    }

    mutating func useCodeInstead() -> [FlowEffect] {
        guard case .signInStart(let form) = step else { return [] }
        return form.useCodeInstead(in: &self)
    }

    mutating func resend() -> [FlowEffect] {
        guard case .codeEntry(let entry) = step else { return [] }
        return entry.resend(in: &self)
    }

    /// Retry on a failure (after its server's wait), or on the history list.
    mutating func retry() -> [FlowEffect] {
        if case .history(let view) = step { return retryHistory(view) }
        guard case .failure(let report) = step, let retryStep = report.retryStep,
              report.retryWait?.remaining(at: now) ?? 0 == 0 else { return [] }
        step = retryStep
        return report.retryRefreshes ? requestRefresh() : []
    }

    mutating func enrolAnother() -> [FlowEffect] {
        guard case .enrolled = step else { return [] }
        if settings.deskHasList { return leaveFlow() }
        step = .signUpStart(SignUpForm(settings: settings))
        return []
    }

    mutating func menuChosen(_ item: MenuItem) -> [FlowEffect] {
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

    /// "Back": a native-auth step's module decides; a failure returns to its step; the Graph screens go back one
    /// level (row → list → user form → account, edit → profile → account); a reset being applied and the sign-in
    /// after a sign-up or reset cannot be undone on the server, so the flow restarts with the email kept; the
    /// console's other screens go home.
    mutating func back() -> [FlowEffect] {
        if let module = step.module { return module.back(in: &self) }
        switch step {
        case .home:
            return []
        case .webFallback, .signedIn, .enrolled, .enrolmentSignedIn, .resetDone, .deviceCode, .browserWait, .signedOut:
            return leaveFlow()
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
        case .resetPolling, .readyToSignIn:
            // A reset being applied, or the sign-in after a sign-up or reset.
            return restartFlow()
        case .signInStart, .signUpStart, .resetStart, .codeEntry, .newPassword, .attributes, .methodPicker, .contactEntry:
            return []  // a module's step: it decided above
        }
    }

    /// `kind`'s first screen for the email of the flow in progress (as typed on the sign-up screen, else
    /// the one the flow started with, else the signed-in account's).
    mutating func switchFlow(to kind: FlowKind) -> [FlowEffect] {
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

    /// Records the flow's origin, resets the loop guard and sends the first request.
    mutating func begin(_ kind: FlowKind, email: String, pending request: PendingRequest, _ effects: [FlowEffect]) -> [FlowEffect] {
        origin = FlowOrigin(kind: kind, email: email)
        loopGuard = LoopGuard()
        pending = request
        return effects
    }

    /// On the account screen with a refresh token: exchange it for new tokens.
    mutating func requestRefresh() -> [FlowEffect] {
        guard case .signedIn(let account, _) = step, account.canRefresh else { return [] }
        pending = .refreshingTokens
        return [.refreshTokens]
    }
}
