import Localization
/// The step loop: applies `event` to `state` and returns the framework calls to make.
///
/// Pure: no clock (time arrives in ``FlowEvent/tick(_:)``), no framework calls (they are the returned
/// effects), no I/O.
///
/// The effect runner's contract:
/// - keep the live framework step each call returns (the state never holds it), and perform each
///   ``FlowEffect`` on it, one request at a time; answer with the matching ``FlowEvent`` built with the
///   summaries its ``LiveStep`` answers with (`Live/`);
/// - on a failed call keep the step it had: the framework leaves it usable (a wrong code, a blocked
///   method, a refused number), and the next effect reuses it;
/// - ``FlowEffect/cancelRequest``: cancel the task and send no answer (a late one is ignored anyway);
///   ``FlowEffect/forgetSession``: drop the live step and its continuation token;
/// - a browser or device-code sign-in is one task that sends its intermediate events (the prompt, the
///   polling state) while it stays in flight, then ``FlowEvent/interactiveSignInFinished(_:)``;
///   ``FlowEvent/accountRestored(_:)`` comes at start-up, unasked;
/// - send ``FlowEvent/tick(_:)`` about once a second, and render ``FlowState/screen`` after each event.
public func reduce(_ state: inout FlowState, _ event: FlowEvent) -> [FlowEffect] {
    state.reduce(event)
}

extension FlowState {
    /// See ``reduce(_:_:)``.
    public mutating func reduce(_ event: FlowEvent) -> [FlowEffect] {
        let effects = apply(event)
        // The home notice greets the user on arrival; it goes with the next screen or request.
        if step != .home || pending != nil { homeNotice = nil }
        return effects
    }

    private mutating func apply(_ event: FlowEvent) -> [FlowEffect] {
        switch event {
        case .tick(let date):
            now = date
            if case .codeEntry(var entry) = step, entry.resend.startedAt == nil {
                entry.resend.startedAt = date
                step = .codeEntry(entry)
            }
            if case .failure(var report) = step, var wait = report.retryWait, wait.startedAt == nil {
                wait.startedAt = date
                report.retryWait = wait
                step = .failure(report)
            }
            if var wait = serverWait, wait.startedAt == nil {
                wait.startedAt = date
                serverWait = wait
            }
            startHistoryCountdown(at: date)
            return idleTick(at: date)
        case .keyPressed:
            // Counted from the next tick: the last one may be old when ticks wait for input (line mode).
            if settings.enrolmentMode { idle = Countdown(seconds: settings.idleReset) }
            return []
        case .resized:
            return []
        case .cancelRequested:
            if let request = pending {
                pending = nil
                stopHistoryCountdown()
                // A browser or device-code sign-in has no step of its own to return to.
                return request.isInteractiveSignIn ? [.cancelRequest] + backHome(notice: Self.signInCancelled) : [.cancelRequest]
            }
            return leaveFlow()
        case .resetPollProgress(let poll):
            guard pending != nil, case .resetPolling = step else { return [] }
            step = .resetPolling(poll: poll)
            return []
        case .deviceCodeIssued, .deviceCodeProgress, .browserSignInStarted, .interactiveSignInFinished, .signedOut,
             .accountSwitched:
            guard let request = pending else { return [] }
            return interactiveAnswer(event, to: request)
        case .profileLoaded, .profileSaved:
            guard let request = pending else { return [] }
            return profileAnswer(event, to: request)
        case .historyLoaded, .historyWaiting:
            guard let request = pending else { return [] }
            return historyAnswer(event, to: request)
        case .tenantLoaded, .tenantSaved:
            guard let request = pending else { return [] }
            return tenantAnswer(event, to: request)
        case .accountRestored(let account):
            return restore(account)
        case .signUpStarted, .signUpAdvanced, .signInAdvanced, .mfaChallengeAnswered, .registrationAnswered,
             .codeResent, .resetStarted, .resetAdvanced, .tokensRefreshed:
            // An answer nobody waits for (e.g. after a cancel) is dropped.
            guard let request = pending else { return [] }
            pending = nil
            return answer(event, to: request)
        case .menuChosen(.deviceCodeSignIn) where pending == .waitingForBrowser:
            // The browser screen's way out when no browser could be opened: stop listening, ask for a device code.
            pending = nil
            step = .home
            return [.cancelRequest] + startInteractive(.startingDeviceCodeSignIn, .startDeviceCodeSignIn)
        default:
            guard pending == nil else { return [] }
            return userAction(event)
        }
    }

    /// Back to the home menu, forgetting the flow and every secret its steps held.
    mutating func leaveFlow() -> [FlowEffect] {
        let hadFlow = step != .home
        step = .home
        origin = nil
        loopGuard = LoopGuard()
        return hadFlow ? [.forgetSession] : []
    }

    /// Home with `notice`, after a browser or device-code sign-in, which holds no live step to forget.
    mutating func backHome(notice: String?) -> [FlowEffect] {
        step = .home
        origin = nil
        loopGuard = LoopGuard()
        homeNotice = notice
        return []
    }

    /// The first screen of the current flow, with its email kept and no secrets.
    mutating func restartFlow(notice: String? = nil) -> [FlowEffect] {
        guard let origin else { return leaveFlow() }
        loopGuard = LoopGuard()
        // After a finished sign-up or reset only its sign-in is left to restart.
        let kind = origin.signingIn ? .signIn : origin.kind
        self.origin = FlowOrigin(kind: kind, email: origin.email)
        switch kind {
        case .signIn:
            step = .signInStart(SignInForm(email: origin.email, message: notice))
        case .signUp:
            var form = SignUpForm(settings: settings, email: origin.email)
            form.message = notice
            step = .signUpStart(form)
        case .resetPassword:
            step = .resetStart(EmailForm(email: origin.email, message: notice))
        }
        return [.forgetSession]
    }

    /// Starts `kind` from its first screen, abandoning any flow in progress.
    mutating func start(_ kind: FlowKind) -> [FlowEffect] {
        let effects = leaveFlow()
        switch kind {
        case .signIn: step = .signInStart(SignInForm())
        case .signUp: step = .signUpStart(SignUpForm(settings: settings))
        case .resetPassword: step = .resetStart(EmailForm())
        }
        return effects
    }

    /// The server asked again for exactly what the client just sent (field case 013, docs/field-cases.md): not a loop to go round but
    /// a fault. Stops the flow with what was sent and what came back; Start again and Home are offered.
    mutating func askedAgain(sent: String, answer: String) -> [FlowEffect] {
        stopFlow(tr("stop.askedAgain", ["what": sent]), detail: tr("stop.askedAgain.detail", ["sent": sent, "answer": answer]))
    }

    /// Records a server step in the loop guard; when it trips, stops the flow with an explanation.
    /// - Returns: `nil` to go on, or the effects of stopping.
    mutating func guardLoop(_ key: String) -> [FlowEffect]? {
        guard !loopGuard.allow(key) else { return nil }
        return stopFlow(tr("stop.sameStep", ["count": LoopGuard.limit]), detail: tr("stop.sameStep.detail", ["step": key]))
    }

    /// Ends the flow on a server that does not progress, pointing at the user flow's configuration.
    private mutating func stopFlow(_ what: String, detail: String) -> [FlowEffect] {
        step = .failure(FailureReport(
            message: tr("stop.advice", ["what": what]), detail: detail))
        loopGuard = LoopGuard()
        return [.forgetSession]
    }
}
