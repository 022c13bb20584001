import TophhieCloudAuthentication

extension FlowState {
    /// The device code, large, the address to type it at, its countdown and the polling state.
    /// Esc (or Cancel) stops the sign-in.
    func deviceCodeScreen(_ wait: DeviceCodeWait) -> Screen {
        var text = ["On a phone or another computer, open the address below and enter this code."]
        // The service's own sentence repeats the code and the address, shown below on lines of their own; it
        // would push them down. Instructions of another kind are shown.
        if let message = wait.prompt.message, !message.contains(wait.prompt.userCode) { text.append(message) }
        let expiry = wait.secondsLeft(at: now).map { ScreenDetail("Code expires in", LocalTime.minutesAndSeconds($0)) }
            ?? ScreenDetail("Code expires at", LocalTime(timeZone: settings.timeZone).clock(wait.prompt.expiresOn, now: nil))
        var screen = Screen(
            title: "Sign in with a device code",
            text: text,
            banner: wait.prompt.userCode,
            details: [ScreenDetail("Address", wait.prompt.verificationURI), expiry,
                      ScreenDetail("Status", Self.pollingText(wait.status))],
            actions: [ScreenAction("Cancel", .cancelRequested)])
        screen.phoneLink = PhoneLink(address: wait.prompt.verificationURI,
                                     instructions: ["Scan this with a phone to open the address, then enter the code \(wait.prompt.userCode)."])
        return screen
    }

    /// The polling state in words.
    static func pollingText(_ status: DeviceCodeProgress) -> String {
        switch status {
        case .waiting: "Waiting…"
        case .slowedDown(let interval): "The tenant asked to slow down: polling every \(interval) s"
        case .serverBusy(let consecutive): "Server busy, still waiting (\(consecutive))"
        }
    }

    /// Where to complete the sign-in: the whole authorization URL (operators copy it to another machine)
    /// and the loopback address the browser returns to. Where no browser can be expected (SSH, no display),
    /// the screen says why and offers the device code first; the browser was still tried.
    func browserScreen(_ prompt: BrowserPrompt) -> Screen {
        // The title stays on screen when the long address scrolls the text away: it carries the reason.
        var title = "Sign in with the browser"
        var text: [String]
        switch (settings.browserAbsence, prompt.browserOpened) {
        case (.overSSH?, true):
            title += " (over SSH)"
            text = ["This session is over SSH: a browser was started on the machine you are connected to, and you "
                    + "see it only through X forwarding. If none appeared, use a device code: it works from any phone "
                    + "or computer.",
                    "The browser was opened at this address:"]
        case (let absence?, false):
            title = "No browser here: " + Self.reason(absence)
            text = [(absence == .noDisplay ? "DISPLAY and WAYLAND_DISPLAY are unset. " : "")
                    + "A device code works from any phone or computer.",
                    "Or open this address in a browser:"]
        case (_, true):
            text = ["Complete the sign-in in your browser.", "Your browser was opened at this address:"]
        case (nil, false):
            text = ["Complete the sign-in in your browser.", "No browser could be opened here. Open this address in a browser:"]
        }
        text.append(prompt.authorizationURL)
        if !prompt.browserOpened {
            text.append("That browser must be able to reach \(prompt.redirectURI) on this machine (for example "
                        + "through an SSH port forward).")
        }
        // No browser (or only a text one, which is never started): the device code works from any other device.
        let deviceCodeFirst = !prompt.browserOpened || settings.browserAbsence != nil
        let actions = (deviceCodeFirst ? [ScreenAction("Use a device code instead", .menuChosen(.deviceCodeSignIn), endsTheRequest: true)] : [])
            + [ScreenAction("Cancel", .cancelRequested)]
        var screen = Screen(title: title, text: text,
                            details: [ScreenDetail("Returns to", prompt.redirectURI)], actions: actions)
        screen.phoneLink = PhoneLink(address: prompt.authorizationURL, instructions: [
            "Scan this with a phone to open the sign-in address.",
            "After the sign-in the browser is sent to \(prompt.redirectURI), which a phone cannot reach: the sign-in "
                + "finishes only in a browser that can reach this machine. On a phone, use a device code instead.",
        ])
        return screen
    }

    /// Why no browser can be expected, as the end of "No browser here: …".
    static func reason(_ absence: BrowserAbsence) -> String {
        switch absence {
        case .overSSH: "this session is over SSH"
        case .noDisplay: "there is no display"
        }
    }

    /// The account left the console; how to end the tenant's browser session too, when known.
    func signedOutScreen(_ summary: SignOutSummary) -> Screen {
        let how = summary.tokenStore == nil ? "its tokens, kept in memory only, were dropped" : "removed from the token cache"
        var text = ["\(summary.username ?? "The account") was signed out of this console (\(how))."]
        if let url = summary.endSessionURL { text.append("To end the browser session too, open: \(url)") }
        if summary.remainingAccounts > 0 {
            text.append(summary.remainingAccounts == 1 ? "1 other account stays in the token cache."
                                                       : "\(summary.remainingAccounts) other accounts stay in the token cache.")
        }
        return Screen(title: "Signed out", text: text, actions: [ScreenAction("Home", .homeRequested)])
    }
}
