import TophhieCloudAuthentication

extension FlowState {
    /// The device code, large, the address to type it at, its countdown and the polling state.
    /// Esc (or Cancel) stops the sign-in.
    func deviceCodeScreen(_ wait: DeviceCodeWait) -> Screen {
        var text = ["On a phone or another computer, open the address below and enter this code."]
        if let message = wait.prompt.message { text.append(message) }
        let expiry = wait.secondsLeft(at: now).map { ScreenDetail("Code expires in", LocalTime.minutesAndSeconds($0)) }
            ?? ScreenDetail("Code expires at", LocalTime(timeZone: settings.timeZone).clock(wait.prompt.expiresOn, now: nil))
        return Screen(
            title: "Sign in with a device code",
            text: text,
            banner: wait.prompt.userCode,
            details: [ScreenDetail("Address", wait.prompt.verificationURI), expiry,
                      ScreenDetail("Status", Self.pollingText(wait.status))],
            actions: [ScreenAction("Cancel", .cancelRequested)])
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
    /// and the loopback address the browser returns to.
    func browserScreen(_ prompt: BrowserPrompt) -> Screen {
        var text = ["Complete the sign-in in your browser.",
                    prompt.browserOpened ? "Your browser was opened at this address:"
                                         : "No browser could be opened here. Open this address in a browser:",
                    prompt.authorizationURL]
        if !prompt.browserOpened {
            text.append("That browser must be able to reach \(prompt.redirectURI) on this machine (for example "
                        + "through an SSH port forward).")
        }
        // No browser here (or only a text one, which is never started): the device code works from any other device.
        let actions = prompt.browserOpened ? [ScreenAction("Cancel", .cancelRequested)]
            : [ScreenAction("Use a device code instead", .menuChosen(.deviceCodeSignIn), endsTheRequest: true),
               ScreenAction("Cancel", .cancelRequested)]
        return Screen(title: "Sign in with the browser", text: text,
                      details: [ScreenDetail("Returns to", prompt.redirectURI)], actions: actions)
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
