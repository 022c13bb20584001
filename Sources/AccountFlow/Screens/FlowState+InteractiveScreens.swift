import Localization
import TophhieCloudAuthentication

extension FlowState {
    /// The device code, large, the address to type it at, its countdown and the polling state.
    /// Esc (or Cancel) stops the sign-in.
    func deviceCodeScreen(_ wait: DeviceCodeWait) -> Screen {
        var text = [tr("deviceCode.text")]
        // The service's own sentence repeats the code and the address, shown below on lines of their own; it
        // would push them down. Instructions of another kind are shown.
        if let message = wait.prompt.message?.revealed, !message.contains(wait.prompt.userCode.revealed) { text.append(message) }
        let expiry = wait.secondsLeft(at: now).map { ScreenDetail(tr("deviceCode.expiresIn"), LocalTime.minutesAndSeconds($0)) }
            ?? ScreenDetail(tr("deviceCode.expiresAt"), LocalTime(timeZone: settings.timeZone).clock(wait.prompt.expiresOn, now: nil))
        var screen = Screen(
            title: tr("deviceCode.title"),
            text: text,
            banner: wait.prompt.userCode.revealed,
            details: [ScreenDetail(tr("deviceCode.address"), wait.prompt.verificationURI), expiry,
                      ScreenDetail(tr("deviceCode.status"), Self.pollingText(wait.status))],
            actions: [ScreenAction(tr("action.cancel"), .cancelRequested)])
        screen.phoneLink = PhoneLink(address: wait.prompt.verificationURI,
                                     instructions: [tr("deviceCode.scan", ["code": wait.prompt.userCode.revealed])])
        return screen
    }

    /// The polling state in words.
    static func pollingText(_ status: DeviceCodeProgress) -> String {
        switch status {
        case .waiting: tr("deviceCode.waiting")
        case .slowedDown(let interval): tr("deviceCode.slowedDown", ["seconds": interval])
        case .serverBusy(let consecutive): tr("deviceCode.serverBusy", ["count": consecutive])
        }
    }

    /// Where to complete the sign-in: the whole authorization URL (operators copy it to another machine)
    /// and the loopback address the browser returns to. Where no browser can be expected (SSH, no display),
    /// the screen says why and offers the device code first; the browser was still tried.
    func browserScreen(_ prompt: BrowserPrompt) -> Screen {
        // The title stays on screen when the long address scrolls the text away: it carries the reason.
        var title = tr("browser.title")
        var text: [String]
        switch (settings.browserAbsence, prompt.browserOpened) {
        case (.overSSH?, true):
            title = tr("browser.title.overSSH")
            text = [tr("browser.overSSH"), tr("browser.openedAt.overSSH")]
        case (let absence?, false):
            title = tr("browser.title.absent", ["reason": Self.reason(absence)])
            text = [absence == .noDisplay ? tr("browser.noDisplay") : tr("browser.deviceCodeWorks"), tr("browser.orOpen")]
        case (_, true):
            text = [tr("browser.complete"), tr("browser.openedAt")]
        case (nil, false):
            text = [tr("browser.complete"), tr("browser.notOpened")]
        }
        text.append(prompt.authorizationURL)
        if !prompt.browserOpened {
            text.append(tr("browser.mustReach", ["address": prompt.redirectURI]))
        }
        // No browser (or only a text one, which is never started): the device code works from any other device.
        let deviceCodeFirst = !prompt.browserOpened || settings.browserAbsence != nil
        let actions = (deviceCodeFirst ? [ScreenAction(tr("action.useDeviceCode"), .menuChosen(.deviceCodeSignIn), endsTheRequest: true)] : [])
            + [ScreenAction(tr("action.cancel"), .cancelRequested)]
        var screen = Screen(title: title, text: text,
                            details: [ScreenDetail(tr("browser.returnsTo"), prompt.redirectURI)], actions: actions)
        screen.phoneLink = PhoneLink(address: prompt.authorizationURL, instructions: [
            tr("browser.scan"), tr("browser.phoneCannotReach", ["address": prompt.redirectURI]),
        ])
        return screen
    }

    /// Why no browser can be expected, as the end of "No browser here: …".
    static func reason(_ absence: BrowserAbsence) -> String {
        switch absence {
        case .overSSH: tr("browser.reason.overSSH")
        case .noDisplay: tr("browser.reason.noDisplay")
        }
    }

    /// The account left the console; how to end the tenant's browser session too, when known.
    func signedOutScreen(_ summary: SignOutSummary) -> Screen {
        let store = summary.tokenStore == nil ? "memory" : "cache"
        var text = [summary.username.map { tr("signedOut.named", ["account": $0, "store": store]) } ?? tr("signedOut.unnamed", ["store": store])]
        if let url = summary.endSessionURL { text.append(tr("signedOut.endSession", ["url": url])) }
        if summary.remainingAccounts > 0 { text.append(tr("signedOut.remaining", ["count": summary.remainingAccounts])) }
        return Screen(title: tr("signedOut.title"), text: text, actions: [ScreenAction(tr("action.home"), .homeRequested)])
    }
}
