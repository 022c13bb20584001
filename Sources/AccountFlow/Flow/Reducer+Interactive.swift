import Localization

extension FlowState {
    static var signInCancelled: String { tr("interactive.cancelled") }
    static var codeExpired: String { tr("interactive.codeExpired") }
    static var signInDeclined: String { tr("interactive.declined") }

    /// Starts a browser or device-code sign-in (from the menu, or "Get a new code"), abandoning any flow.
    /// Enrolment mode offers native sign-up and sign-in only.
    mutating func startInteractive(_ request: PendingRequest, _ effect: FlowEffect) -> [FlowEffect] {
        guard !settings.enrolmentMode else { return [] }
        let effects = leaveFlow()
        pending = request
        return effects + [effect]
    }

    /// The start-up restore: the cached account becomes the signed-in one, greeted on the home menu. It
    /// never replaces an account signed in during this session, and enrolment mode keeps no one (a support
    /// terminal must not show the last person).
    mutating func restore(_ restored: SignedInAccount) -> [FlowEffect] {
        guard !settings.enrolmentMode, signedIn == nil else { return [] }
        var account = restored
        account.source = .restored
        signedIn = account
        if step == .home { homeNotice = account.username.map { tr("home.restored", ["username": $0]) } ?? tr("home.restored.unnamed") }
        return []
    }

    /// An answer (or an intermediate event) of the interactive stack; `request` is the one in flight.
    /// Events that do not belong to `request` are dropped.
    mutating func interactiveAnswer(_ event: FlowEvent, to request: PendingRequest) -> [FlowEffect] {
        switch event {
        case .deviceCodeIssued(.success(let prompt)) where request == .startingDeviceCodeSignIn:
            step = .deviceCode(DeviceCodeWait(prompt: prompt))
            pending = .waitingForDeviceCode
        case .deviceCodeProgress(let status) where request == .waitingForDeviceCode:
            guard case .deviceCode(var wait) = step else { return [] }
            wait.status = status
            step = .deviceCode(wait)
        case .browserSignInStarted(.success(let prompt)) where request == .startingBrowserSignIn:
            step = .browserWait(prompt)
            pending = .waitingForBrowser
        case .deviceCodeIssued(.failure(let failure)) where request == .startingDeviceCodeSignIn,
             .browserSignInStarted(.failure(let failure)) where request == .startingBrowserSignIn,
             .interactiveSignInFinished(.failure(let failure)) where request.isInteractiveSignIn:
            pending = nil
            return signInFailed(failure, request)
        case .interactiveSignInFinished(.success(let finished)) where request.isInteractiveSignIn:
            pending = nil
            var account = finished
            account.source = Self.isBrowser(request) ? .browser : .deviceCode
            return complete(account)
        case .signedOut(let result) where request == .signingOut:
            pending = nil
            switch result {
            case .success(let summary):
                step = .signedOut(summary)
                signedIn = nil
                return [.forgetAccount]
            case .failure(let failure):
                step = .failure(FailureReport(message: failure.message, detail: failure.detail, retryStep: step))
            }
        case .accountSwitched(let result) where request == .switchingAccount:
            pending = nil
            switch result {
            case .success(let switched):
                var account = switched
                account.source = .restored
                step = .signedIn(account)
                signedIn = account
            case .failure(let failure):
                step = .failure(FailureReport(message: failure.message, detail: failure.detail, retryStep: step))
            }
        default:
            break
        }
        return []
    }

    private static func isBrowser(_ request: PendingRequest) -> Bool {
        request == .startingBrowserSignIn || request == .waitingForBrowser
    }

    /// A browser or device-code sign-in that did not finish: cancelled goes home; anything else is a failure
    /// that offers the same way in again ("Get a new code").
    private mutating func signInFailed(_ failure: InteractiveFailure, _ request: PendingRequest) -> [FlowEffect] {
        guard failure.kind != .cancelled else { return backHome(notice: Self.signInCancelled) }
        let way: MenuItem = Self.isBrowser(request) ? .browserSignIn : .deviceCodeSignIn
        let message = switch failure.kind {
        case .expired where way == .deviceCodeSignIn: Self.codeExpired
        case .declined: Self.signInDeclined
        default: failure.message
        }
        origin = nil
        loopGuard = LoopGuard()
        step = .failure(FailureReport(message: message, detail: failure.detail, newAttempt: way))
        return []
    }
}
