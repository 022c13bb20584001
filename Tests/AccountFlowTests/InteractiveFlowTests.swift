import Foundation
import Localization
import Testing
@testable import AccountFlow
import TophhieCloudAuthentication

/// The interactive stack in the flow: device-code and browser sign-in, the restored account, the account
/// screen's claims, sign-out and account switch, and enrolment mode keeping out of all of it.
@Suite struct InteractiveFlowTests {
    static let prompt = DeviceCodePrompt(
        userCode: "BCDF-GHJK", verificationURI: "https://login.contoso.example/device",
        expiresOn: Sample.start.addingTimeInterval(900), interval: 5)
    static let browser = BrowserPrompt(
        authorizationURL: "https://login.contoso.example/oauth2/v2.0/authorize?client_id=c&state=s",
        redirectURI: "http://localhost:53117", browserOpened: true)
    static let network = InteractiveFailure(kind: .network, message: "The tenant could not be reached.", detail: "connect: refused")
    static let summary = SignOutSummary(username: Sample.email, endSessionURL: "https://login.contoso.example/logout",
                                        remainingAccounts: 0, tokenStore: "/home/ada/.config/tophhie/tokens.json")

    static func account(source: AccountSource = .nativeSignIn, cached: Int = 1) -> SignedInAccount {
        var account = Sample.account
        account.source = source
        account.cachedAccountCount = cached
        return account
    }

    /// The store on the device-code screen, polling, after the first tick.
    static func waitingForCode() -> FlowStore {
        var store = FlowStore(settings: Sample.utcSettings)
        store.send(.tick(Sample.start)) { $0.now = Sample.start }
        store.send(.menuChosen(.deviceCodeSignIn), effects: [.startDeviceCodeSignIn]) { $0.pending = .startingDeviceCodeSignIn }
        store.send(.deviceCodeIssued(.success(prompt))) {
            $0.step = .deviceCode(DeviceCodeWait(prompt: prompt, status: .waiting(interval: 5)))
            $0.pending = .waitingForDeviceCode
        }
        return store
    }

    static func onAccount(_ account: SignedInAccount) -> FlowStore {
        FlowStore(FlowState(settings: Sample.utcSettings, step: .signedIn(account), signedIn: account, now: Sample.start))
    }

    // MARK: Device code

    @Test func aDeviceCodeSignInShowsTheCodeThenSignsIn() {
        var store = Self.waitingForCode()
        let screen = store.state.screen
        #expect(screen.banner == "BCDF-GHJK")
        #expect(screen.details.contains(ScreenDetail("Address", "https://login.contoso.example/device")))
        #expect(screen.status == "Waiting for you to sign in on the other device…")
        #expect(screen.isWorking)
        store.send(.interactiveSignInFinished(.success(Sample.account)), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .signedIn(Self.account(source: .deviceCode))
            $0.signedIn = Self.account(source: .deviceCode)
        }
        #expect(store.state.screen.text.first?.hasPrefix("Signed in with a device code.") == true)
    }

    /// `expires_in` counts down on ticks: 15 minutes at the start, 4:59 with 299.4 s left, never below 0:00.
    @Test func theCodeCountsDownOnTicks() {
        var store = Self.waitingForCode()
        #expect(store.state.screen.details.contains(ScreenDetail("Code expires in", "15:00")))
        let later = Sample.start.addingTimeInterval(600.6)
        store.send(.tick(later)) { $0.now = later }
        #expect(store.state.screen.details.contains(ScreenDetail("Code expires in", "4:59")))
        let past = Sample.start.addingTimeInterval(1000)
        store.send(.tick(past)) { $0.now = past }
        #expect(store.state.screen.details.contains(ScreenDetail("Code expires in", "0:00")))
    }

    /// Before any tick the screen cannot count down; it says when, in the operator's zone.
    @Test func beforeTheFirstTickTheExpiryIsAClockTime() {
        let zone = TimeZone(secondsFromGMT: 5 * 3600 + 1800) ?? .current
        let state = FlowState(settings: FlowSettings(timeZone: zone), step: .deviceCode(DeviceCodeWait(prompt: Self.prompt)),
                              pending: .waitingForDeviceCode)
        #expect(state.screen.details.contains(ScreenDetail("Code expires at", "2027-01-15 13:45")))
    }

    @Test func pollingProgressIsShownInWords() {
        var store = Self.waitingForCode()
        #expect(store.state.screen.details.contains(ScreenDetail("Status", "Waiting…")))
        store.send(.deviceCodeProgress(.slowedDown(interval: 10))) {
            $0.step = .deviceCode(DeviceCodeWait(prompt: Self.prompt, status: .slowedDown(interval: 10)))
        }
        #expect(store.state.screen.details.contains(ScreenDetail("Status", "The tenant asked to slow down: polling every 10 s")))
        store.send(.deviceCodeProgress(.serverBusy(consecutive: 2))) {
            $0.step = .deviceCode(DeviceCodeWait(prompt: Self.prompt, status: .serverBusy(consecutive: 2)))
        }
        #expect(store.state.screen.details.contains(ScreenDetail("Status", "Server busy, still waiting (2)")))
        #expect(store.state.pending == .waitingForDeviceCode)
    }

    /// The server's own instructions are shown too, when it sent some.
    @Test func theServersMessageIsShown() {
        var prompt = Self.prompt
        prompt.message = "Enter the code at the address to sign in to Contoso."
        let state = FlowState(settings: FlowSettings(), step: .deviceCode(DeviceCodeWait(prompt: prompt)), pending: .waitingForDeviceCode)
        #expect(state.screen.text.contains("Enter the code at the address to sign in to Contoso."))
    }

    /// The service's usual sentence ("… open the page URL and enter the code CODE …") repeats what the screen shows
    /// on lines of its own, so it is left out: it pushed the code and the address down (a new user's trial).
    @Test func theServersSentenceRepeatingTheCodeIsLeftOut() {
        var prompt = Self.prompt
        prompt.message = Secret("To sign in, use a web browser to open the page https://login.contoso.example/device and enter the code "
            + "BCDF-GHJK to authenticate.")
        let state = FlowState(settings: FlowSettings(), step: .deviceCode(DeviceCodeWait(prompt: prompt)), pending: .waitingForDeviceCode)
        #expect(state.screen.text == ["On a phone or another computer, open the address below and enter this code."])
        #expect(state.screen.banner == "BCDF-GHJK")
    }

    @Test func escDuringTheWaitCancelsAndGoesHome() {
        var store = Self.waitingForCode()
        #expect(store.state.screen.actions == [ScreenAction("Cancel", .cancelRequested)])
        store.send(.cancelRequested, effects: [.cancelRequest]) {
            $0.pending = nil
            $0.step = .home
            $0.homeNotice = "Sign-in cancelled"
        }
        #expect(store.state.screen.notice == "Sign-in cancelled")
        // A late answer of the cancelled task changes nothing.
        store.send(.interactiveSignInFinished(.success(Sample.account)))
        store.send(.deviceCodeProgress(.waiting(interval: 5)))
        // The notice goes with the next screen.
        store.send(.menuChosen(.signIn)) {
            $0.step = .signInStart(SignInForm())
            $0.homeNotice = nil
        }
    }

    @Test func escWhileTheCodeIsRequestedCancelsToo() {
        var store = FlowStore()
        store.send(.menuChosen(.deviceCodeSignIn), effects: [.startDeviceCodeSignIn]) { $0.pending = .startingDeviceCodeSignIn }
        #expect(store.state.screen.status == "Asking the tenant for a code…")
        store.send(.cancelRequested, effects: [.cancelRequest]) {
            $0.pending = nil
            $0.homeNotice = "Sign-in cancelled"
        }
    }

    @Test func anExpiredCodeOffersANewOne() {
        var store = Self.waitingForCode()
        let expired = InteractiveFailure(kind: .expired, message: "expired_token", detail: "AADSTS70020")
        store.send(.interactiveSignInFinished(.failure(expired))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(message: "The code expired.", detail: "AADSTS70020", newAttempt: .deviceCodeSignIn))
        }
        let screen = store.state.screen
        #expect(screen.text == ["The code expired."])
        #expect(screen.actions == [ScreenAction("Get a new code", .menuChosen(.deviceCodeSignIn)), ScreenAction("Home", .homeRequested)])
        store.send(.menuChosen(.deviceCodeSignIn), effects: [.forgetSession, .startDeviceCodeSignIn]) {
            $0.step = .home
            $0.pending = .startingDeviceCodeSignIn
        }
    }

    @Test func aDeclinedSignInSaysSo() {
        var store = Self.waitingForCode()
        let declined = InteractiveFailure(kind: .declined, message: "authorization_declined")
        store.send(.interactiveSignInFinished(.failure(declined))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(message: "The sign-in was declined.", newAttempt: .deviceCodeSignIn))
        }
        #expect(store.state.signedIn == nil)
    }

    @Test func otherFailuresShowTheFailureScreenWithDetail() {
        var store = FlowStore()
        store.send(.menuChosen(.deviceCodeSignIn), effects: [.startDeviceCodeSignIn]) { $0.pending = .startingDeviceCodeSignIn }
        store.send(.deviceCodeIssued(.failure(Self.network))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(message: "The tenant could not be reached.", detail: "connect: refused",
                                             newAttempt: .deviceCodeSignIn))
        }
        #expect(store.state.screen.details == [ScreenDetail("Details", "connect: refused")])
    }

    /// A cancel from outside the console (the framework reports it) reads like Esc.
    @Test func aCancelledFailureGoesHomeLikeEsc() {
        var store = Self.waitingForCode()
        store.send(.interactiveSignInFinished(.failure(InteractiveFailure(kind: .cancelled, message: "cancelled")))) {
            $0.pending = nil
            $0.step = .home
            $0.homeNotice = "Sign-in cancelled"
        }
    }

    // MARK: Browser

    @Test func aBrowserSignInShowsTheWholeAddressThenSignsIn() {
        var store = FlowStore()
        store.send(.menuChosen(.browserSignIn), effects: [.startBrowserSignIn]) { $0.pending = .startingBrowserSignIn }
        store.send(.browserSignInStarted(.success(Self.browser))) {
            $0.step = .browserWait(Self.browser)
            $0.pending = .waitingForBrowser
        }
        let screen = store.state.screen
        #expect(screen.text.contains(Self.browser.authorizationURL))
        #expect(screen.text.contains("Your browser was opened at this address:"))
        #expect(screen.details == [ScreenDetail("Returns to", "http://localhost:53117")])
        #expect(screen.status == "Waiting for the browser…")
        store.send(.interactiveSignInFinished(.success(Sample.account)), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .signedIn(Self.account(source: .browser))
            $0.signedIn = Self.account(source: .browser)
        }
    }

    @Test func withoutABrowserTheScreenSaysWhereToOpenTheAddress() {
        var prompt = Self.browser
        prompt.browserOpened = false
        let screen = FlowState(settings: FlowSettings(), step: .browserWait(prompt), pending: .waitingForBrowser).screen
        #expect(screen.text.contains("No browser could be opened here. Open this address in a browser:"))
        #expect(screen.text.contains { $0.contains("reach http://localhost:53117 on this machine") })
        #expect(screen.text.contains(prompt.authorizationURL), "the whole address, always")
        #expect(screen.actions.first == ScreenAction("Use a device code instead", .menuChosen(.deviceCodeSignIn), endsTheRequest: true))
    }

    /// No browser could be opened (none here, or a text browser, which is never started: field case 032): the
    /// device code is offered instead, and taking it stops the browser sign-in's listener first.
    @Test func withoutABrowserTheDeviceCodeIsOfferedInstead() {
        var prompt = Self.browser
        prompt.browserOpened = false
        var store = FlowStore(FlowState(settings: FlowSettings(), step: .browserWait(prompt), pending: .waitingForBrowser))
        store.send(.menuChosen(.deviceCodeSignIn), effects: [.cancelRequest, .startDeviceCodeSignIn]) {
            $0.pending = .startingDeviceCodeSignIn
            $0.step = .home
        }
        store.send(.deviceCodeIssued(.success(Self.prompt))) {
            $0.step = .deviceCode(DeviceCodeWait(prompt: Self.prompt))
            $0.pending = .waitingForDeviceCode
        }
    }

    @Test func escDuringTheBrowserWaitCancelsAndGoesHome() {
        var store = FlowStore(FlowState(settings: FlowSettings(), step: .browserWait(Self.browser), pending: .waitingForBrowser))
        store.send(.cancelRequested, effects: [.cancelRequest]) {
            $0.pending = nil
            $0.step = .home
            $0.homeNotice = "Sign-in cancelled"
        }
    }

    /// Events of the other method, or of a stage already passed, are dropped.
    @Test func eventsThatDoNotBelongToTheRequestAreDropped() {
        var store = FlowStore(FlowState(settings: FlowSettings(), step: .browserWait(Self.browser), pending: .waitingForBrowser))
        store.send(.deviceCodeIssued(.success(Self.prompt)))
        store.send(.deviceCodeProgress(.waiting(interval: 5)))
        store.send(.browserSignInStarted(.success(Self.browser)))
        store.send(.signedOut(.success(Self.summary)))
        store.send(.accountSwitched(.success(Sample.account)))
        var idle = FlowStore()
        idle.send(.interactiveSignInFinished(.success(Sample.account)))
    }

    @Test func aBrowserFailureOffersTheBrowserAgain() {
        var store = FlowStore(FlowState(settings: FlowSettings(), step: .browserWait(Self.browser), pending: .waitingForBrowser))
        store.send(.interactiveSignInFinished(.failure(Self.network))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(message: "The tenant could not be reached.", detail: "connect: refused",
                                             newAttempt: .browserSignIn))
        }
        #expect(store.state.screen.actions.first == ScreenAction("Try again", .menuChosen(.browserSignIn)))
    }

    // MARK: Restored account

    @Test func aRestoredAccountIsGreetedOnTheHomeMenu() {
        var store = FlowStore(settings: Sample.utcSettings)
        store.send(.accountRestored(Sample.account)) {
            $0.signedIn = Self.account(source: .restored)
            $0.homeNotice = "Signed in as ada@contoso.example — restored from the token cache"
        }
        let screen = store.state.screen
        #expect(screen.notice == "Signed in as ada@contoso.example — restored from the token cache")
        #expect(screen.options.map(\.event).contains(.menuChosen(.account)))
        store.send(.menuChosen(.account)) {
            $0.step = .signedIn(Self.account(source: .restored))
            $0.homeNotice = nil
        }
        #expect(store.state.screen.text.first?.hasPrefix("Restored from the token cache.") == true)
        store.send(.homeRequested, effects: [.forgetSession]) { $0.step = .home }
        #expect(store.state.screen.notice == nil)
    }

    /// A restore never replaces an account signed in during this session.
    @Test func aLateRestoreDoesNotReplaceTheSignedInAccount() {
        var store = Self.onAccount(Self.account(source: .browser))
        store.send(.accountRestored(Sample.account))
    }

    // MARK: Account screen

    @Test func claimsAreHiddenUntilToggled() {
        var store = Self.onAccount(Sample.account)
        #expect(!store.state.screen.details.contains { $0.label.hasPrefix("Claim") })
        #expect(store.state.screen.actions.contains(ScreenAction("Show claims", .claimsToggled)))
        store.send(.claimsToggled) { $0.step = .signedIn(Sample.account, showingClaims: true) }
        #expect(store.state.screen.details.contains(ScreenDetail("Claim name", "Ada")))
        // A JWT time reads as a time too (a new user's trial met bare epoch numbers).
        #expect(store.state.screen.details.contains(ScreenDetail("Claim exp", "1800003600 (2027-01-15 09:00:00)")), "\(store.state.screen.details)")
        #expect(store.state.screen.actions.contains(ScreenAction("Hide claims", .claimsToggled)))
        store.send(.claimsToggled) { $0.step = .signedIn(Sample.account) }
    }

    /// A refresh keeps how the account came (the runner's summary says "native") and the claims shown.
    @Test func aRefreshKeepsTheSourceAndTheClaimsShown() {
        var browserAccount = Self.account(source: .browser)
        browserAccount.canRefresh = true
        var store = FlowStore(FlowState(settings: Sample.utcSettings, step: .signedIn(browserAccount, showingClaims: true),
                                        signedIn: browserAccount))
        #expect(store.state.screen.actions.contains(ScreenAction("Refresh now", .refreshRequested)))
        store.send(.refreshRequested, effects: [.refreshTokens]) { $0.pending = .refreshingTokens }
        var renewed = Sample.account
        renewed.canRefresh = true
        renewed.accessTokenExpiresOn = Sample.start.addingTimeInterval(7200)
        var expected = renewed
        expected.source = .browser
        store.send(.tokensRefreshed(.success(renewed))) {
            $0.pending = nil
            $0.step = .signedIn(expected, showingClaims: true)
            $0.signedIn = expected
        }
    }

    @Test func theAccountScreenSaysHowAndWhereAndWhenInLocalTime() {
        var account = Self.account(source: .restored, cached: 2)
        account.tokenStore = "/home/ada/.local/state/tophhie/msal_token_cache.json"
        let zone = TimeZone(secondsFromGMT: 5 * 3600 + 1800) ?? .current
        let screen = FlowState(settings: FlowSettings(timeZone: zone), step: .signedIn(account), signedIn: account,
                               now: Sample.start.addingTimeInterval(60)).screen
        #expect(screen.text == ["Restored from the token cache. The tokens are never shown."])
        #expect(screen.details.contains(ScreenDetail("Token cache", "/home/ada/.local/state/tophhie/msal_token_cache.json")))
        #expect(screen.details.contains(ScreenDetail("Access token expires", "14:30 (in 59 min)")))
        // The minutes left and "expired" are the person's language too, not English inside a Polish line.
        let polish = { (seconds: TimeInterval) in
            Localization.with(Localizer(tag: "pl")) {
                FlowState(settings: FlowSettings(timeZone: zone), step: .signedIn(account), signedIn: account,
                          now: Sample.start.addingTimeInterval(seconds)).screen.details.map(\.value)
            }
        }
        #expect(polish(60).contains("14:30 (za 59 min)"), "\(polish(60))")
        #expect(polish(4 * 3600).contains("14:30 (wygasł)"), "\(polish(4 * 3600))")
        #expect(screen.details.contains(ScreenDetail("Scopes", "openid profile")))
        let memory = FlowState(settings: Sample.utcSettings, step: .signedIn(Sample.account), now: Sample.start).screen
        #expect(memory.details.contains(ScreenDetail("Tokens kept", "In memory only")))
        #expect(memory.text.first?.hasPrefix("Signed in natively.") == true)
    }

    @Test func switchAccountOnlyWithMoreThanOneCachedAccount() {
        var one = Self.onAccount(Self.account(cached: 1))
        #expect(!one.state.screen.actions.contains { $0.event == .switchAccountRequested })
        one.send(.switchAccountRequested)
        var two = Self.onAccount(Self.account(cached: 2))
        #expect(two.state.screen.actions.contains(ScreenAction("Switch account", .switchAccountRequested)))
        two.send(.switchAccountRequested, effects: [.switchAccount]) { $0.pending = .switchingAccount }
        #expect(two.state.screen.status == "Switching account…")
        var other = SignedInAccount(username: "grace@contoso.example", displayName: "Grace", objectID: "oid-2", tenantID: "tid-1",
                                    claims: [:], accessTokenExpiresOn: Sample.start.addingTimeInterval(1800), scopes: ["openid"],
                                    cachedAccountCount: 2)
        two.send(.accountSwitched(.success(other))) {
            other.source = .restored
            $0.pending = nil
            $0.step = .signedIn(other)
            $0.signedIn = other
        }
    }

    @Test func aFailedSwitchReturnsToTheAccount() {
        let account = Self.account(cached: 2)
        var store = Self.onAccount(account)
        store.send(.switchAccountRequested, effects: [.switchAccount]) { $0.pending = .switchingAccount }
        let needsSignIn = InteractiveFailure(kind: .needsSignIn, message: "That account must sign in again.")
        store.send(.accountSwitched(.failure(needsSignIn))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(message: "That account must sign in again.", retryStep: .signedIn(account)))
        }
        store.send(.retryRequested) { $0.step = .signedIn(account) }
    }

    // MARK: Sign-out

    @Test func signOutClearsTheAccountAndOffersTheEndSessionURL() {
        var store = Self.onAccount(Sample.account)
        store.send(.signOutRequested, effects: [.signOut]) { $0.pending = .signingOut }
        #expect(store.state.screen.status == "Signing out…")
        store.send(.signedOut(.success(Self.summary)), effects: [.forgetAccount]) {
            $0.pending = nil
            $0.step = .signedOut(Self.summary)
            $0.signedIn = nil
        }
        let screen = store.state.screen
        #expect(screen.text == [
            "ada@contoso.example was signed out of this console (removed from the token cache).",
            "To end the browser session too, open: https://login.contoso.example/logout",
        ])
        #expect(screen.actions == [ScreenAction("Home", .homeRequested)])
        store.send(.homeRequested, effects: [.forgetSession]) { $0.step = .home }
        #expect(!store.state.screen.options.contains { $0.event == .menuChosen(.account) })
    }

    @Test func withoutAnEndSessionURLTheScreenSaysLess() {
        let summary = SignOutSummary(username: nil, remainingAccounts: 2, tokenStore: "/home/ada/.config/tophhie/tokens.json")
        let screen = FlowState(settings: FlowSettings(), step: .signedOut(summary)).screen
        #expect(screen.text == ["The account was signed out of this console (removed from the token cache).",
                                "2 other accounts stay in the token cache."])
    }

    /// Tokens kept in memory only were never in a token cache: the screen says they were dropped.
    @Test func signingOutOfAMemoryOnlyAccountSaysItsTokensWereDropped() {
        let summary = SignOutSummary(username: Sample.email)
        let screen = FlowState(settings: FlowSettings(), step: .signedOut(summary)).screen
        #expect(screen.text == ["ada@contoso.example was signed out of this console (its tokens, kept in memory only, were dropped)."])
    }

    @Test func aFailedSignOutKeepsTheAccount() {
        var store = Self.onAccount(Sample.account)
        store.send(.signOutRequested, effects: [.signOut]) { $0.pending = .signingOut }
        store.send(.signedOut(.failure(Self.network))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(message: "The tenant could not be reached.", detail: "connect: refused",
                                             retryStep: .signedIn(Sample.account)))
        }
        #expect(store.state.signedIn == Sample.account)
    }

    // MARK: Enrolment mode

    @Test func enrolmentModeHasNoInteractiveEntriesAndRestoresNoOne() {
        var store = FlowStore(settings: FlowSettings(enrolmentMode: true))
        #expect(store.state.screen.options.map(\.label) == ["Sign in", "Sign up", "Reset password", "Quit"])
        store.send(.menuChosen(.deviceCodeSignIn))
        store.send(.menuChosen(.browserSignIn))
        store.send(.accountRestored(Sample.account))
        #expect(store.state.screen.notice == nil)
    }

    // MARK: Traces

    /// The user code (and the server's message, which repeats it) stay out of traces and dumps.
    @Test func tracesHideTheUserCode() {
        var prompt = Self.prompt
        prompt.message = "Enter BCDF-GHJK at https://login.contoso.example/device"
        let event = FlowEvent.deviceCodeIssued(.success(prompt))
        let state = FlowState(settings: FlowSettings(), step: .deviceCode(DeviceCodeWait(prompt: prompt)))
        var dumped = ""
        dump(state, to: &dumped)
        for text in [String(describing: event), String(describing: state), dumped] {
            #expect(!text.contains("BCDF-GHJK"), "\(text)")
            #expect(text.contains("https://login.contoso.example/device"), "\(text)")
        }
        #expect(FlowEffect.startDeviceCodeSignIn.description == "startDeviceCodeSignIn")
        #expect(FlowEffect.switchAccount.description == "switchAccount")
    }
}
