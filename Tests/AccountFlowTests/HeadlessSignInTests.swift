import Foundation
import Testing
import TophhieCloudAuthentication
@testable import AccountFlow

/// Over SSH or without a display a browser sign-in cannot be expected to show a browser: the device code, which
/// works from a phone, is offered first, and the browser screen says why, while the browser is still tried.
@Suite struct HeadlessSignInTests {
    static let prompt = BrowserPrompt(authorizationURL: "https://login.contoso.example/oauth2/v2.0/authorize?client_id=c&state=s",
                                      redirectURI: "http://localhost:53117", browserOpened: false)

    static func labels(_ settings: FlowSettings) -> [String] {
        FlowState(settings: settings).screen.options.map(\.label)
    }

    @Test(arguments: [BrowserAbsence.overSSH, .noDisplay])
    func theHomeMenuOffersTheDeviceCodeBeforeTheBrowser(_ absence: BrowserAbsence) {
        #expect(Self.labels(FlowSettings(browserAbsence: absence))
            == ["Sign in", "Sign in with a device code", "Sign in with browser", "Sign up", "Reset password", "Quit"])
        // The native sign-in stays the default: the device code moves ahead of the browser, not of everything.
        #expect(FlowState(settings: FlowSettings(browserAbsence: absence)).screen.selectedOption == nil)
        #expect(Self.labels(FlowSettings())
            == ["Sign in", "Sign in with browser", "Sign in with a device code", "Sign up", "Reset password", "Quit"])
    }

    @Test func overSSHTheBrowserScreenSaysSoAndOffersTheDeviceCodeFirst() {
        let screen = FlowState(settings: FlowSettings(browserAbsence: .overSSH), step: .browserWait(Self.prompt),
                               pending: .waitingForBrowser).screen
        // In the title, which stays on screen when the long address scrolls the text away.
        #expect(screen.title == "No browser here: this session is over SSH")
        #expect(screen.text.first == "A device code works from any phone or computer.")
        #expect(screen.text.contains(Self.prompt.authorizationURL), "the user can still open the address in a browser")
        #expect(screen.actions.map(\.label) == ["Use a device code instead", "Cancel"])
        #expect(screen.actions.first?.event == .menuChosen(.deviceCodeSignIn))
    }

    @Test func withoutADisplayTheBrowserScreenSaysSo() {
        let screen = FlowState(settings: FlowSettings(browserAbsence: .noDisplay), step: .browserWait(Self.prompt),
                               pending: .waitingForBrowser).screen
        #expect(screen.title == "No browser here: there is no display")
        #expect(screen.text.first?.hasPrefix("DISPLAY and WAYLAND_DISPLAY are unset.") == true)
        #expect(screen.actions.first?.label == "Use a device code instead")
    }

    /// Over SSH with X forwarding a browser may start: the screen does not claim there is none, but still puts the
    /// device code first, since the browser may never reach the user's screen.
    @Test func overSSHABrowserThatStartedIsNotDenied() {
        var opened = Self.prompt
        opened.browserOpened = true
        let screen = FlowState(settings: FlowSettings(browserAbsence: .overSSH), step: .browserWait(opened),
                               pending: .waitingForBrowser).screen
        #expect(screen.title == "Sign in with the browser (over SSH)")
        #expect(screen.text.first?.contains("a browser was started on the machine you are connected to") == true)
        #expect(screen.actions.map(\.label) == ["Use a device code instead", "Cancel"])
        // Where a browser is expected and opened, only Cancel, as before.
        let local = FlowState(settings: FlowSettings(), step: .browserWait(opened), pending: .waitingForBrowser).screen
        #expect(local.actions.map(\.label) == ["Cancel"])
    }

    /// Both addresses can go to a phone as a QR code; the browser's says the phone cannot finish the sign-in.
    @Test func theDeviceCodeAndBrowserScreensOfferTheirAddressToAPhone() {
        let wait = DeviceCodeWait(prompt: DeviceCodePrompt(userCode: "ABCD-EFGH", verificationURI: "https://login.contoso.example/device",
                                                           expiresOn: Date(timeIntervalSince1970: 900), interval: 5))
        let device = FlowState(settings: FlowSettings(), step: .deviceCode(wait), pending: .waitingForDeviceCode).screen
        #expect(device.phoneLink?.address == "https://login.contoso.example/device")
        #expect(device.phoneLink?.instructions.contains { $0.contains("ABCD-EFGH") } == true, "the QR code hides the banner: repeat the code")
        let browser = FlowState(settings: FlowSettings(), step: .browserWait(Self.prompt), pending: .waitingForBrowser).screen
        #expect(browser.phoneLink?.address == Self.prompt.authorizationURL)
        #expect(browser.phoneLink?.instructions.contains { $0.contains("http://localhost:53117, which a phone cannot reach") } == true)
        #expect(FlowState(settings: FlowSettings()).screen.phoneLink == nil)
    }
}
