import ScreenGallery
import AccountFlow
import Foundation
import ScreenPresentation
import TerminalUI
import TestSupport
import Testing
import TophhieCloudAuthentication

/// Every AccountFlow screen as the console draws it: `FlowState.screen` through ``ScreenPresenter``
/// and ``FormRenderer``, compared with `Snapshots/flow-<name>.txt`. Re-record with
/// `RECORD_SNAPSHOTS=1 swift test --filter TerminalUITests`.
@Suite struct FlowScreenSnapshotTests {
    static let small = Size(width: 80, height: 24)
    static let large = Size(width: 120, height: 40)

    private func snapshot(_ session: ScreenSession, _ name: String, size: Size = small,
                          sourceLocation: SourceLocation = #_sourceLocation) {
        let text = session.render(size)
        // Nothing secret is ever drawn, whatever the screen.
        for secret in [FlowScreens.idToken, FlowScreens.accessToken, FlowScreens.refreshToken, "Correct-Horse-9", "Wrong-Horse-1"] {
            #expect(!text.contains(secret), "\(name) shows a secret", sourceLocation: sourceLocation)
        }
        assertSnapshot(text, named: "flow-\(name)", sourceLocation: sourceLocation)
    }

    // MARK: Home

    @Test func homeSignedOut() {
        snapshot(ScreenSession(FlowScreens.home(signedIn: false)), "homeSignedOut80x24")
    }

    @Test func homeSignedIn() {
        let session = ScreenSession(FlowScreens.home(signedIn: true))
        #expect(session.render(Self.small).contains("Account (ada@contoso.example)"))
        snapshot(session, "homeSignedIn80x24")
    }

    // MARK: Sign-in

    @Test func signInWithAFieldError() {
        var session = ScreenSession(FlowScreens.signIn())
        session.type("ada@")
        session.press(.tab)
        #expect(session.sent.contains(.fieldLeft(.email)))
        snapshot(session, "signInFieldError80x24")
    }

    /// No such user and a wrong password give the same one message (no account enumeration).
    @Test func signInCredentialsRejected() {
        var session = ScreenSession(FlowScreens.signIn())
        session.type("ada@contoso.example")
        session.press(.tab)
        session.press(.paste("Wrong-Horse-1"))
        session.press(.enter)
        #expect(session.state.pending == .signingIn)
        session.send(.signInAdvanced(.failure(.invalidCredentials(FlowScreens.details))))
        let wrongPassword = session.render(Self.small)
        var unknownUser = ScreenSession(FlowScreens.signIn())
        unknownUser.type("ada@contoso.example")
        unknownUser.press(.tab)
        unknownUser.press(.paste("Wrong-Horse-1"))
        unknownUser.press(.enter)
        unknownUser.send(.signInAdvanced(.failure(.userNotFound(FlowScreens.details))))
        #expect(unknownUser.render(Self.small) == wrongPassword)
        #expect(wrongPassword.contains("Check the email and password."))
        snapshot(session, "signInRejected80x24")
    }

    // MARK: Sign-up

    @Test func signUpPasswordAccount() {
        var session = ScreenSession(FlowScreens.signUp())
        session.type("ada@contoso.example")
        session.press(.tab)
        session.press(.paste("Correct-Horse-9"))
        snapshot(session, "signUpPassword80x24")
    }

    @Test func signUpWithUpFrontAttributes() {
        let settings = FlowSettings(passwordAccounts: false, upFrontAttributes: [
            RequiredAttribute(name: "displayName", type: "string", required: true, regex: nil),
            RequiredAttribute(name: "extension_\(FlowScreens.appID)_loyaltyNumber", type: "int", required: false, regex: nil),
            RequiredAttribute(name: "country", type: "string", required: false, regex: nil),
        ])
        snapshot(ScreenSession(FlowScreens.signUp(settings)), "signUpAttributes80x24")
    }

    // MARK: Codes

    /// The resend countdown runs on `.tick`: it starts at the first tick and counts down.
    @Test func codeEntryWithTheResendCountdown() {
        var session = ScreenSession(FlowScreens.codeEntry())
        session.send(.tick(FlowScreens.start))
        #expect(session.render(Self.small).contains("Resend code (in 30 s)"))
        session.send(.tick(FlowScreens.start.addingTimeInterval(12)))
        session.type("1234")
        let text = session.render(Self.small)
        #expect(text.contains("Resend code (in 18 s)"))
        #expect(text.contains("8-digit code by email to a***@c*****o.example"))
        #expect(text.contains("[• • • • _ _ _ _]"))
        #expect(!text.contains("1 2 3 4"))
        snapshot(session, "codeEntryCountdown80x24")
        session.send(.tick(FlowScreens.start.addingTimeInterval(31)))
        #expect(session.render(Self.small).contains("[ Resend code ]"))
    }

    @Test func codeEntryAfterAWrongCode() {
        var session = ScreenSession(FlowScreens.codeEntry(.signIn, delivery: CodeDelivery(
            sentTo: "+44*******890", channel: .sms, codeLength: 6, resendInterval: nil)))
        session.type("123456")
        session.press(.enter)
        #expect(session.state.pending == .checkingCode)
        #expect(!session.render(Self.small).contains("1 2 3"))
        session.send(.signInAdvanced(.failure(.invalidCode(FlowScreens.details))))
        snapshot(session, "codeEntryWrongCode80x24")
    }

    // MARK: Passwords

    @Test func newPasswordWithPolicyHintAndServerSuberror() {
        var session = ScreenSession(FlowScreens.newPassword())
        session.press(.paste("Correct-Horse-9"))
        session.press(.tab)
        session.press(.paste("Correct-Horse-9"))
        session.press(.enter)
        #expect(session.state.pending == .changingPassword)
        session.send(.resetAdvanced(.failure(.invalidPassword(.banned, FlowScreens.details))))
        snapshot(session, "newPasswordSuberror80x24")
    }

    // MARK: Attributes

    private func attributeSession() -> ScreenSession {
        var session = ScreenSession(FlowScreens.attributes())
        session.type("Ada")
        session.press(.tab)
        session.type("Lovelace")
        session.press(.tab)
        session.press(.paste("あいう한글中文日本語"))
        session.press(.tab)
        session.press(.paste("Analyst 😀 of engines"))
        session.press(.tab)
        return session
    }

    @Test func twelveAttributesTop() {
        let session = attributeSession()
        snapshot(session, "attributesTop80x24")
    }

    /// The server's `invalid_attributes` names mark the field, and focus scrolls to it.
    @Test func twelveAttributesWithAServerFieldError() {
        var session = attributeSession()
        session.press(.character(" "))
        session.press(.tab)
        session.press(.down)
        #expect(session.state.screen.fields[5].value == "Gold")
        session.press(.tab)
        session.type("1234567")
        session.press(.tab)
        session.type("AB12")
        session.press(.tab)
        session.press(.tab)
        session.type("London")
        session.press(.tab)
        session.type("98052")
        session.press(.tab)
        session.type("United Kingdom")
        session.press(.enter)
        #expect(session.state.pending == .sendingAttributes)
        session.send(.signUpAdvanced(.failure(.invalidAttributes(["postalCode"]))))
        let text = session.render(Self.small)
        #expect(text.contains("The tenant didn't accept this value."))
        snapshot(session, "attributesServerError80x24")
    }

    @Test func twelveAttributesAt120x40() {
        snapshot(attributeSession(), "attributes120x40", size: Self.large)
    }

    // MARK: Methods

    @Test func mfaMethodPicker() {
        snapshot(ScreenSession(FlowScreens.mfaPicker()), "mfaPicker80x24")
    }

    @Test func mfaMethodPickerAt120x40() {
        snapshot(ScreenSession(FlowScreens.mfaPicker()), "mfaPicker120x40", size: Self.large)
    }

    @Test func registrationPicker() {
        snapshot(ScreenSession(FlowScreens.registrationPicker()), "registrationPicker80x24")
    }

    /// Field case 002 (docs/field-cases.md): the server refuses the number with AADSTS901001; the step stays for a correction.
    @Test func phoneContactRefusedBy901001() {
        var session = ScreenSession(FlowScreens.phoneContact())
        session.type("+999 1234 5678")
        session.press(.enter)
        #expect(session.state.pending == .registeringMethod)
        let refused = ServerDetails(error: "invalid_request", code: 901001, status: 400)
        session.send(.registrationAnswered(.failure(.invalidInput("That phone number or email doesn't look right.", refused))))
        snapshot(session, "contactPhone901001-80x24")
    }

    // MARK: Reset

    @Test func resetPolling() {
        var state = FlowScreens.newPassword()
        state.step = .resetPolling(poll: 0)
        state.pending = .changingPassword
        var session = ScreenSession(state)
        session.send(.resetPollProgress(poll: 2))
        snapshot(session, "resetPolling80x24")
    }

    @Test func resetDone() {
        var state = FlowScreens.newPassword()
        state.step = .resetDone
        snapshot(ScreenSession(state), "resetDone80x24")
    }

    // MARK: Outcomes

    @Test func webFallbackCase001() {
        snapshot(ScreenSession(FlowScreens.webFallback()), "webFallback80x24")
    }

    @Test func signedIn() {
        var session = ScreenSession(FlowState(settings: FlowScreens.settings, step: .signedIn(FlowScreens.account)))
        session.send(.tick(FlowScreens.start))
        snapshot(session, "signedIn80x24")
    }

    /// With the claims shown ("Show claims").
    @Test func signedInAt120x40() {
        var session = ScreenSession(FlowState(settings: FlowScreens.settings, step: .signedIn(FlowScreens.account)))
        session.send(.tick(FlowScreens.start))
        #expect(!session.render(Self.large).contains("Claim iss"))
        session.send(.claimsToggled)
        #expect(session.render(Self.large).contains("[ Hide claims ]"))
        snapshot(session, "signedIn120x40", size: Self.large)
    }

    /// The operator's tenant snapshot summary, one part not read.
    @Test func tenantSnapshot() {
        let summary = TenantSummary(
            flows: ["Customers: email with password; 1 app"], attributes: ["Customers #2 city (text, required)", "Customers #3 country (radioSingleSelect)"],
            methods: ["Email OTP: enabled", "SMS: disabled"], applications: ["8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48: public client, native auth all, 1 redirect URI"],
            mfaPolicies: [], notRead: ["mfaPolicies: HTTP 403 Authorization_RequestDenied"])
        let state = FlowState(settings: FlowScreens.settings, step: .tenant(TenantView(summary: summary, notice: "Saved to /srv/tenant-snapshot.json")))
        snapshot(ScreenSession(state), "tenantSnapshot80x24")
    }

    @Test func enrolled() {
        let state = FlowState(settings: FlowSettings(enrolmentMode: true), step: .enrolled(email: "ada@contoso.example"))
        snapshot(ScreenSession(state), "enrolled80x24")
    }

    @Test func enrolmentSignedIn() {
        let state = FlowState(settings: FlowSettings(enrolmentMode: true), step: .enrolmentSignedIn(email: "ada@contoso.example"))
        snapshot(ScreenSession(state), "enrolmentSignedIn80x24")
    }

    @Test func failureWithTheWayBack() {
        var session = ScreenSession(FlowScreens.codeEntry())
        session.type("12345678")
        session.press(.enter)
        session.send(.signUpAdvanced(.failure(.server(ServerDetails(
            error: "server_error", code: 500, correlationID: "c0ffee00-0000-4000-8000-000000000002", status: 503)))))
        snapshot(session, "failure80x24")
    }

    /// While a request is in flight the buttons are off and Esc cancels.
    @Test func working() {
        var session = ScreenSession(FlowScreens.signIn())
        session.type("ada@contoso.example")
        session.press(.enter)
        #expect(session.state.pending == .signingIn)
        snapshot(session, "working80x24")
        #expect(session.press(.escape) == [.cancelRequested])
        #expect(session.state.pending == nil)
    }

    // MARK: Interactive stack

    /// All of `text`'s rows without the frame and spaces, run together: a value wrapped over rows reads
    /// whole, and one cut short (`…`) does not.
    private func joined(_ text: String) -> String {
        text.split(separator: "\n").map { $0.filter { $0 != "|" && $0 != " " } }.joined()
    }

    @Test func deviceCode() {
        let session = ScreenSession(FlowScreens.deviceCode(elapsed: 60.4))
        let text = session.render(Self.small)
        #expect(text.contains(" B C D F - G H J K "))
        #expect(text.contains("13:59"))
        #expect(text.contains("Waiting for you to sign in on the other device… (Esc cancels)"))
        snapshot(session, "deviceCode80x24")
    }

    /// At 40 columns the address wraps over rows but is never cut; the code still fits spaced out.
    @Test func deviceCodeOnANarrowTerminal() {
        let session = ScreenSession(FlowScreens.deviceCode(elapsed: 600.6, status: .slowedDown(interval: 10)))
        let narrow = Size(width: 40, height: 24)
        let text = session.render(narrow)
        #expect(joined(text).contains(FlowScreens.devicePrompt.verificationURI))
        #expect(text.contains("B C D F - G H J K"))
        #expect(text.contains("4:59"))
        snapshot(session, "deviceCode40x24", size: narrow)
    }

    /// The code is drawn in the banner style (bold, reversed), so it stands out without colour.
    @Test func theDeviceCodeIsDrawnLarge() {
        let view = ScreenSession(FlowScreens.deviceCode(elapsed: 0)).view
        var buffer = Buffer(size: Self.small)
        FormRenderer.render(view, into: &buffer)
        guard let row = buffer.lines().firstIndex(where: { $0.contains("B C D F") }),
              let column = buffer.lines()[row].firstIndex(of: "B") else {
            Issue.record("no code on screen")
            return
        }
        let x = buffer.lines()[row].distance(from: buffer.lines()[row].startIndex, to: column)
        #expect(buffer[x, row].style == .banner)
        #expect(buffer[x - 1, row].style == .banner)
        #expect(buffer[1, row].style == .plain)
    }

    /// The only button while waiting is Cancel, and it can be pressed although a request is in flight.
    @Test func cancelStopsTheDeviceCodeWait() {
        var session = ScreenSession(FlowScreens.deviceCode(elapsed: 1))
        #expect(session.view.buttons.map(\.isEnabled) == [true])
        #expect(session.press(.enter) == [.cancelRequested])
        #expect(session.state.step == .home)
        #expect(session.render(Self.small).contains("Sign-in cancelled"))
    }

    /// The whole authorization URL is shown, wrapped, for copying to a browser elsewhere.
    @Test func browserWait() {
        let session = ScreenSession(FlowScreens.browserWait())
        let text = session.render(Self.small)
        #expect(joined(text).contains(FlowScreens.browserPrompt.authorizationURL))
        snapshot(session, "browserWait80x24")
    }

    @Test func accountRestored() {
        var session = ScreenSession(FlowScreens.restored())
        let home = session.render(Self.small)
        #expect(home.contains("Signed in as ada@contoso.example — restored from the token cache"))
        snapshot(session, "homeRestored80x24")
        session.send(.menuChosen(.account))
        let text = session.render(Self.small)
        #expect(text.contains("14:30 (in 59 min)"))
        #expect(text.contains("[ Switch account ]"))
        snapshot(session, "accountRestored80x24")
    }

    @Test func signedOut() {
        let session = ScreenSession(FlowScreens.signedOut())
        #expect(session.render(Self.small).contains("ada@contoso.example was signed out of this console"))
        snapshot(session, "signedOut80x24")
    }
}
