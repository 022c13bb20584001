import ScreenGallery
import AccountFlow
import Foundation
import ScreenPresentation
import TerminalUI
import TestSupport
import Testing
import TophhieCloudAuthentication

/// What the presenter and renderer got wrong on the first look at every flow screen, pinned one by one.
@Suite struct ScreenPresenterTests {
    static let small = Size(width: 80, height: 24)

    @Test func workingStatusSaysEscCancelsOnce() {
        var session = ScreenSession(FlowScreens.signIn())
        session.type("ada@contoso.example")
        session.press(.enter)
        #expect(session.view.status?.text == "Signing in… (Esc cancels)")
        #expect(ScreenPresenter.formView(for: Screen(title: "t", isWorking: true), header: nil, previous: nil).status?.text
            == "Working… (Esc cancels)")
    }

    /// Issue 37: at an enrolment desk a password revealed with ^R is masked when the idle countdown starts, in
    /// front of whoever walks up next, and stays masked when someone presses a key to stay.
    @Test func anIdleDeskMasksARevealedPasswordWhenItsCountdownStarts() {
        let settings = FlowSettings(enrolmentMode: true, idleReset: 120)
        var session = ScreenSession(FlowScreens.signUp(settings))
        session.type("ada@contoso.example")
        session.press(.tab)
        session.type("Str0ng!Passw0rd")
        session.press(.control("r"))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        session.send(.tick(start))
        session.send(.tick(start + 104))
        #expect(session.render(Self.small).contains("[Str0ng!Passw0rd "), "revealed before the countdown")
        session.send(.tick(start + 105))
        #expect(session.state.screen.idleWarning != nil)
        let counting = session.render(Self.small)
        #expect(!counting.contains("Str0ng!Passw0rd") && counting.contains("[•••••••••••••••"), "\(counting)")
        session.send(.keyPressed)
        session.send(.tick(start + 106))
        #expect(session.state.screen.idleWarning == nil)
        #expect(!session.render(Self.small).contains("Str0ng!Passw0rd"), "revealed again once a key stopped the countdown")
    }

    /// Only Cancel stays on: it stops the request, as Esc does.
    @Test func buttonsAreOffWhileWorkingButCancel() {
        var session = ScreenSession(FlowScreens.signIn())
        session.type("ada@contoso.example")
        session.press(.enter)
        #expect(session.view.buttons.filter(\.isEnabled).map(\.title) == ["Cancel"])
        // Enter on the field still sends the default action, which the flow ignores while working.
        #expect(session.press(.enter) == [.submitted])
        #expect(session.state.pending == .signingIn)
        session.press(.tab)
        session.press(.tab)
        #expect(session.press(.enter) == [.cancelRequested])
        #expect(session.state.pending == nil)
    }

    /// Where no browser could be opened (none here, or only a text one, which is never started), the browser
    /// wait offers the device code, and that button can be reached and pressed while the wait runs.
    @Test func theDeviceCodeCanBeChosenWhileTheBrowserWaitRuns() {
        var prompt = FlowScreens.browserPrompt
        prompt.browserOpened = false
        var state = FlowState(settings: FlowSettings())
        _ = state.reduce(.menuChosen(.browserSignIn))
        _ = state.reduce(.browserSignInStarted(.success(prompt)))
        var session = ScreenSession(state)
        #expect(session.view.buttons.filter(\.isEnabled).map(\.title) == ["Use a device code instead", "Cancel"])
        #expect(session.press(.enter) == [.menuChosen(.deviceCodeSignIn)])
        #expect(session.state.pending == .startingDeviceCodeSignIn)
    }

    /// A choice list whose value is empty shows "(not chosen)", never its first choice as picked.
    @Test func emptyChoiceListShowsNotChosen() {
        var session = ScreenSession(FlowScreens.attributes())
        let tier = FieldID.attribute("extension_\(FlowScreens.appID)_tier").rawValue
        #expect(session.view[field: tier]?.value == "")
        #expect(session.render(Self.small).contains("(•) (not chosen)"))
        for _ in 0..<5 { session.press(.tab) }
        #expect(session.press(.down) == [.fieldEdited(.attribute("extension_\(FlowScreens.appID)_tier"), "Gold")])
        #expect(session.render(Self.small).contains("(•) Gold"))
        session.press(.up)
        #expect(session.state.screen.fields[5].value == "")
    }

    /// An `int` attribute takes digits and a sign while typing, as the code field takes digits only.
    @Test func aNumberFieldTakesDigitsAndASignOnly() {
        let year = RequiredAttribute(name: "birthYear", type: "int", required: true, regex: nil)
        var session = ScreenSession(FlowState(settings: FlowScreens.settings, step: .attributes(AttributeForm([year]))))
        session.type("-19a8b4.x")
        #expect(session.view[field: FieldID.attribute("birthYear").rawValue]?.value == "-1984")
        #expect(session.state.screen.fields[0].value == "-1984")
    }

    @Test func aCodeStaysRevealedAcrossRenders() {
        var session = ScreenSession(FlowScreens.codeEntry())
        session.type("1234")
        #expect(session.render(Self.small).contains("[• • • • _ _ _ _]"))
        session.press(.control("r"))
        session.send(.tick(FlowScreens.start))
        #expect(session.render(Self.small).contains("[1 2 3 4 _ _ _ _]"))
    }

    @Test func firstFieldWithAnErrorTakesFocus() {
        var state = FlowScreens.signIn()
        state.step = .signInStart(SignInForm(email: "ada@", emailError: "Enter an email address."))
        let view = ScreenPresenter.formView(for: state.screen, header: nil, previous: nil)
        #expect(view.focused == .field(0))
        var contact = FlowScreens.phoneContact()
        contact.step = .contactEntry(ContactEntry(method: FlowScreens.registerSMS, availableMethods: [], countryCode: "x"))
        #expect(ScreenPresenter.formView(for: contact.screen, header: nil, previous: nil).focused == .field(0))
    }

    /// A countdown that enables Resend changes the focus order; the focused button keeps the focus.
    @Test func focusStaysOnItsItemWhenAButtonTurnsOn() {
        var session = ScreenSession(FlowScreens.codeEntry())
        session.send(.tick(FlowScreens.start))
        session.press(.tab)
        session.press(.tab)
        #expect(session.view.focused == .button(2))  // Back: Resend is off
        session.send(.tick(FlowScreens.start.addingTimeInterval(31)))
        #expect(session.view.buttons[1].isEnabled)
        #expect(session.view.focused == .button(2))
    }

    /// While a request is in flight Cancel is the only button, so it takes the focus; the answer gives it back. A
    /// refused resend had left the focus on Cancel, and Enter pressed again threw the MFA sign-in away (a new
    /// user's trial).
    @Test func theFocusComesBackWhenTheRequestEnds() {
        var session = ScreenSession(FlowScreens.codeEntry(.mfa, delivery: CodeDelivery(sentTo: "a***@c*****o.example", channel: .email,
                                                                                         codeLength: 8, resendInterval: nil)))
        session.send(.tick(FlowScreens.start))
        session.press(.tab)
        session.press(.tab)
        #expect(session.view.focused == .button(1))  // Resend
        session.press(.enter)
        #expect(session.view.buttons[3].isEnabled && !session.view.buttons[1].isEnabled, "only Cancel while the resend is in flight")
        session.send(.codeResent(.failure(.server(FlowScreens.details))))
        #expect(session.view.focused == .button(1), "\(String(describing: session.view.focused))")
    }

    /// Two screens share the title "Verify it's you" (method picker, MFA code): focus starts afresh.
    @Test func aNewScreenWithTheSameTitleStartsAtTheTop() {
        let picker = ScreenPresenter.formView(for: FlowScreens.mfaPicker().screen, header: nil, previous: nil)
        var moved = picker
        moved.focus = 2
        let code = ScreenPresenter.formView(for: FlowScreens.codeEntry(.mfa).screen, header: nil, previous: moved)
        #expect(code.title == picker.title)
        #expect(code.focused == .field(0))
    }

    /// Focus returns to the field the server complained about when the request ends.
    @Test func aServerFieldErrorTakesTheFocus() {
        var session = ScreenSession(FlowScreens.newPassword())
        session.press(.paste("Correct-Horse-9"))
        session.press(.tab)
        session.press(.paste("Correct-Horse-9"))
        session.press(.tab)
        session.press(.enter)  // on "Set password"
        session.send(.resetAdvanced(.failure(.invalidPassword(.banned, FlowScreens.details))))
        #expect(session.view.focused == .field(0))
    }

    // MARK: Renderer

    /// A screen's menu has no label: no row with a lone focus marker, the marker sits on the highlighted entry.
    @Test func unlabeledPickerPutsTheMarkerOnTheChosenOption() {
        let text = ScreenSession(FlowScreens.home(signedIn: false)).render(Self.small)
        #expect(text.contains("| ▸ Sign in"))
        #expect(!text.split(separator: "\n").contains { $0.trimmingCharacters(in: CharacterSet(charactersIn: "| ")) == "▸" })
    }

    /// A note too long for the row goes under its option instead of being cut.
    @Test func pickerNotesAreNeverCut() {
        var state = FlowScreens.mfaPicker()
        if case .methodPicker(var picker) = state.step {
            picker.methods = picker.methods.map { AuthMethod(id: $0.id, channel: $0.channel, loginHint: String(repeating: "x", count: 60)) }
            picker.blocked = Set(picker.methods.map(\.id))
            state.step = .methodPicker(picker)
        }
        let text = ScreenSession(state).render(Self.small)
        #expect(text.components(separatedBy: "Blocked right now").count == 3, "\(text)")
    }

    /// The MFA list says once, in plain words, that codes are the weaker kind: no jargon on every line.
    @Test func theCodesNoteIsSaidOnceInPlainWords() {
        let text = ScreenSession(FlowScreens.mfaPicker()).render(Self.small)
        #expect(text.components(separatedBy: "less safe").count == 2, "\(text)")
        #expect(!text.contains("NIST") && !text.contains("Restricted authenticator"), "\(text)")
    }

    @Test func optionalLabelsFitAt80Columns() {
        let text = ScreenSession(FlowScreens.phoneContact()).render(Self.small)
        #expect(text.contains("Country code (optional)"))
        #expect(!text.contains("…"))
    }

    /// A long detail value wraps under the value column, not under the labels.
    @Test func detailValuesWrapInTheirColumn() {
        let view = FormView(title: "t", details: [FormDetail("Details", String(repeating: "word ", count: 30)),
                                                  FormDetail("Id", "x")])
        var buffer = Buffer(size: Size(width: 40, height: 12))
        _ = FormRenderer.render(view, into: &buffer)
        let rows = buffer.lines().filter { $0.contains("word") }
        #expect(rows.count > 1)
        let valueColumns = Set(rows.map { $0.distance(from: $0.startIndex, to: $0.range(of: "word")!.lowerBound) })
        #expect(valueColumns.count == 1)
        #expect(rows.dropFirst().allSatisfy { !$0.contains("Details") })
    }

    /// One blank row between the details and the buttons, as between text and fields.
    @Test func oneBlankRowAfterDetails() {
        let view = FormView(title: "t", details: [FormDetail("Id", "x")], buttons: [FormButton(id: "home", title: "Home")])
        var buffer = Buffer(size: Size(width: 40, height: 8))
        _ = FormRenderer.render(view, into: &buffer)
        let rows = buffer.lines()
        #expect(rows[2].contains("Id  x"))
        #expect(rows[4].contains("[ Home ]"))
    }

    @Test func theResultScreenNeverShowsATokenAt120x40() {
        var session = ScreenSession(FlowState(settings: FlowScreens.settings, step: .signedIn(FlowScreens.account)))
        session.send(.tick(FlowScreens.start))
        let text = session.render(Size(width: 120, height: 40))
        for token in [FlowScreens.idToken, FlowScreens.accessToken, FlowScreens.refreshToken] {
            #expect(!text.contains(token))
            #expect(!text.contains(String(token.prefix(12))))
        }
    }
}

extension ScreenPresenterTests {
    /// A real id token has a dozen claims or more: at 80x24 the account opens at its top (who is signed in)
    /// with its buttons in view, and PgDn brings the claims below (no field owns them, so focus alone never would).
    @Test func pageDownShowsDetailsBelowTheTop() {
        var claims: [String: String] = [:]
        for name in ["iss", "sub", "aud", "exp", "iat", "nbf", "name", "preferred_username", "oid", "tid", "ver",
                     "nonce", "auth_time", "uti", "rh", "email"] {
            claims[name] = "value-of-\(name)"
        }
        let account = SignedInAccount(username: "ada@contoso.example", displayName: "Ada", objectID: "o", tenantID: "t",
                                      claims: claims, accessTokenExpiresOn: FlowScreens.start, scopes: ["openid"])
        var session = ScreenSession(FlowState(settings: FlowScreens.settings, step: .signedIn(account, showingClaims: true)))
        let start = session.render(Self.small)
        #expect(start.contains("Username"))
        #expect(start.contains("[ Home ]"))
        #expect(!start.contains("↑ more (PgUp)"))
        #expect(!start.contains("Claim rh"))
        #expect(session.press(.pageDown) == [])
        session.send(.tick(FlowScreens.start))  // a re-render keeps the scroll
        let scrolled = session.render(Self.small)
        #expect(scrolled.contains("Claim rh"))
        #expect(scrolled.contains("↑ more (PgUp)"))
        #expect(scrolled.contains("[ Home ]"))
        assertSnapshot(scrolled, named: "flow-signedInManyClaimsScrolled80x24")
        session.press(.pageUp)
        #expect(session.render(Self.small).contains("Username"))
        for _ in 0..<100 { session.press(.pageUp) }
        session.press(.pageDown)
        #expect(session.view.scroll < 0)
    }
}
