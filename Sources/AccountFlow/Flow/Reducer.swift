import Localization
/// The step loop: applies `event` to `state` and returns the framework calls to make.
///
/// Pure: no clock (time arrives in ``FlowEvent/tick(_:)``), no framework calls (they are the returned
/// effects), no I/O.
///
/// The effect runner's contract:
/// - keep the live framework step each call returns (the state never holds it), and perform each
///   ``FlowEffect`` on it, one request at a time; answer with the matching ``FlowEvent`` built with the
///   summaries its `LiveStep` answers with (`Sources/AccountFlowLive/`);
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
        let before = step
        var effects = apply(event)
        // Enrolment: the console keeps nothing of a finished person for the next one.
        if settings.enrolmentMode, step.isBetweenPeople, !before.isBetweenPeople { effects.append(.forgetPerson) }
        // The home notice greets the user on arrival; it goes with the next screen or request.
        if step != .home || pending != nil { homeNotice = nil }
        // Leaving a finished person's screen (next person, enrol another, home) ends their turn: the next one
        // reads the desk's language. The idle reset ends it too.
        if before.isBetweenPeople, before != .home, step != before { language = nil }
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
        case .accountRestored(let account):
            return restore(account)
        // Framework answers, each to the request it belongs to.
        case .signUpStarted(.success(let delivery)): return native { state, _ in state.codeSent(.signUp, delivery) }
        case .signUpStarted(.failure(let error)), .signUpAdvanced(.failure(let error)), .signInAdvanced(.failure(let error)),
             .mfaChallengeAnswered(.failure(let error)), .registrationAnswered(.failure(let error)):
            return native { state, _ in state.stepFailed(error) }
        case .signUpAdvanced(.success(let progress)): return native { $0.signUpAdvanced(progress, to: $1) }
        case .signInAdvanced(.success(let progress)): return native { $0.signInAdvanced(progress, to: $1) }
        case .mfaChallengeAnswered(.success(let outcome)): return native { state, _ in state.mfaChallengeAnswered(outcome) }
        case .registrationAnswered(.success(let outcome)): return native { state, _ in state.registrationAnswered(outcome) }
        case .codeResent(.success(let delivery)): return native { state, _ in state.codeResent(delivery) }
        case .codeResent(.failure(let error)): return native { state, _ in state.resendFailed(error) }
        case .resetStarted(.success(let delivery)): return native { state, _ in state.codeSent(.resetPassword, delivery) }
        case .resetStarted(.failure(let error)): return native { state, _ in state.resetStartFailed(error) }
        case .resetAdvanced(.success(let progress)): return native { state, _ in state.resetAdvanced(progress) }
        case .resetAdvanced(.failure(let error)): return native { state, _ in state.resetFailed(error) }
        case .tokensRefreshed(let result): return native { state, _ in state.tokensRefreshed(result) }
        case .deviceCodeIssued(.success(let prompt)): return answered(.startingDeviceCodeSignIn) { $0.deviceCodeIssued(prompt) }
        case .deviceCodeProgress(let status): return answered(.waitingForDeviceCode) { $0.deviceCodeProgress(status) }
        case .browserSignInStarted(.success(let prompt)): return answered(.startingBrowserSignIn) { $0.browserSignInStarted(prompt) }
        case .deviceCodeIssued(.failure(let failure)): return answered(.startingDeviceCodeSignIn) { $0.signInFailed(failure, .startingDeviceCodeSignIn) }
        case .browserSignInStarted(.failure(let failure)): return answered(.startingBrowserSignIn) { $0.signInFailed(failure, .startingBrowserSignIn) }
        case .interactiveSignInFinished(let result):
            return answered(where: \.isInteractiveSignIn) { $0.interactiveSignInFinished(result, $1) }
        case .signedOut(let result): return answered(.signingOut) { $0.signedOut(result) }
        case .accountSwitched(let result): return answered(.switchingAccount) { $0.accountSwitched(result) }
        case .profileLoaded(let result): return answered(.readingProfile) { $0.profileLoaded(result) }
        case .profileSaved(let result): return answered(.savingProfile) { $0.profileSaved(result) }
        case .historyLoaded(let result): return answered(.readingSignIns) { $0.historyLoaded(result) }
        case .historyWaiting(let seconds): return answered(.readingSignIns) { $0.historyWaiting(seconds) }
        case .tenantLoaded(let result): return answered(.readingTenant) { $0.tenantLoaded(result) }
        case .tenantSaved(let result): return answered(.savingTenant) { $0.tenantSaved(result) }
        case .menuChosen(.deviceCodeSignIn) where pending == .waitingForBrowser:
            // The browser screen's way out when no browser could be opened: stop listening, ask for a device code.
            pending = nil
            step = .home
            return [.cancelRequest] + startInteractive(.startingDeviceCodeSignIn, .startDeviceCodeSignIn)
        // What the user did: nothing while a request is in flight.
        case .menuChosen(let item): return user { $0.menuChosen(item) }
        case .fieldEdited(let field, let text): return user { $0.edit(field, text); return [] }
        case .fieldLeft(let field): return user { $0.leave(field); return [] }
        case .submitted: return user(sending: true) { $0.submit() }
        case .methodPicked(let id): return user(sending: true) { $0.pick(id) }
        case .useCodeInstead: return user(sending: true) { $0.useCodeInstead() }
        case .resendRequested: return user(sending: true) { $0.resend() }
        case .backRequested: return user { $0.back() }
        case .retryRequested: return user { $0.retry() }
        case .restartRequested: return user { $0.restartFlow() }
        case .otherFlowChosen(let kind): return user { $0.switchFlow(to: kind) }
        case .homeRequested: return user { $0.leaveFlow() }
        case .refreshRequested: return user { $0.requestRefresh() }
        case .enrolAnotherRequested: return user { $0.enrolAnother() }
        case .claimsToggled: return user { $0.toggleClaims() }
        case .signOutRequested: return user { $0.signOut() }
        case .switchAccountRequested: return user { $0.switchAccount() }
        case .profileRequested: return user { $0.readProfile() }
        case .profileEditRequested: return user { $0.editProfile() }
        case .historyRequested: return user { $0.askHistoryUser() }
        case .historyUserChosen: return user { $0.historyUserChosen() }
        case .historyMoreRequested: return user { $0.loadMoreHistory() }
        case .historyFilterChanged(let filter): return user { $0.filterHistory(filter) }
        case .historyRowOpened(let id): return user { $0.openHistoryRow(id) }
        case .tenantRequested: return user { $0.readTenant() }
        case .tenantSaveRequested: return user { $0.saveTenant() }
        }
    }

    /// An answer of the interactive stack or Graph, when `expected` is the request in flight; others are dropped.
    private mutating func answered(_ expected: PendingRequest, _ handle: (inout FlowState) -> [FlowEffect]) -> [FlowEffect] {
        answered(where: { $0 == expected }) { state, _ in handle(&state) }
    }

    private mutating func answered(
        where belongs: (PendingRequest) -> Bool, _ handle: (inout FlowState, PendingRequest) -> [FlowEffect]
    ) -> [FlowEffect] {
        guard let request = pending, belongs(request) else { return [] }
        return handle(&self, request)
    }

    /// A native-auth answer ends the request in flight; an answer nobody waits for (e.g. after a cancel) is dropped.
    private mutating func native(_ handle: (inout FlowState, PendingRequest) -> [FlowEffect]) -> [FlowEffect] {
        guard let request = pending else { return [] }
        pending = nil
        if settings.enrolmentMode, let origin, origin.kind == .signUp, origin.signingIn { return enrolledAfterSignIn() }
        return handle(&self, request)
    }

    /// A user action, when no request is in flight; one that sends a request waits out the server's Retry-After
    /// (Back from a 429 does not cut it short; the screen shows what is left).
    private mutating func user(sending: Bool = false, _ act: (inout FlowState) -> [FlowEffect]) -> [FlowEffect] {
        guard pending == nil else { return [] }
        if serverWait?.remaining(at: now) == 0 { serverWait = nil }
        if serverWait != nil, sending { return [] }
        return act(&self)
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
