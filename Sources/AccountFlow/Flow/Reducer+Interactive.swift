import Localization
import TophhieCloudAuthentication

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

    // The interactive stack's answers and intermediate events, each to the request it belongs to.
    mutating func deviceCodeIssued(_ prompt: DeviceCodePrompt) -> [FlowEffect] {
        step = .deviceCode(DeviceCodeWait(prompt: prompt))
        pending = .waitingForDeviceCode
        return []
    }

    mutating func deviceCodeProgress(_ status: DeviceCodeProgress) -> [FlowEffect] {
        guard case .deviceCode(var wait) = step else { return [] }
        wait.status = status
        step = .deviceCode(wait)
        return []
    }

    mutating func browserSignInStarted(_ prompt: BrowserPrompt) -> [FlowEffect] {
        step = .browserWait(prompt)
        pending = .waitingForBrowser
        return []
    }

    mutating func interactiveSignInFinished(_ result: Result<SignedInAccount, InteractiveFailure>, _ request: PendingRequest) -> [FlowEffect] {
        switch result {
        case .success(var account):
            pending = nil
            account.source = Self.isBrowser(request) ? .browser : .deviceCode
            return complete(account)
        case .failure(let failure):
            return signInFailed(failure, request)
        }
    }

    mutating func signedOut(_ result: Result<SignOutSummary, InteractiveFailure>) -> [FlowEffect] {
        pending = nil
        switch result {
        case .success(let summary):
            step = .signedOut(summary)
            signedIn = nil
            return [.forgetAccount]
        case .failure(let failure):
            step = .failure(FailureReport(message: failure.message, detail: failure.detail, retryStep: step))
            return []
        }
    }

    mutating func accountSwitched(_ result: Result<SignedInAccount, InteractiveFailure>) -> [FlowEffect] {
        pending = nil
        switch result {
        case .success(var account):
            account.source = .restored
            step = .signedIn(account)
            signedIn = account
        case .failure(let failure):
            step = .failure(FailureReport(message: failure.message, detail: failure.detail, retryStep: step))
        }
        return []
    }

    private static func isBrowser(_ request: PendingRequest) -> Bool {
        request == .startingBrowserSignIn || request == .waitingForBrowser
    }

    /// A browser or device-code sign-in that did not finish: cancelled goes home; anything else is a failure
    /// that offers the same way in again ("Get a new code").
    mutating func signInFailed(_ failure: InteractiveFailure, _ request: PendingRequest) -> [FlowEffect] {
        pending = nil
        guard failure.kind != .cancelled else { return backHome(notice: Self.signInCancelled) }
        let way: MenuItem = Self.isBrowser(request) ? .browserSignIn : .deviceCodeSignIn
        let message = switch failure.kind {
        case .expired where way == .deviceCodeSignIn: Self.codeExpired
        case .declined: Self.signInDeclined
        case .needsSignIn, .expired, .cancelled, .network, .other: failure.message
        }
        origin = nil
        loopGuard = LoopGuard()
        step = .failure(FailureReport(message: message, detail: failure.detail, newAttempt: way))
        return []
    }
}
