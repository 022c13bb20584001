import ScreenGallery
import AccountFlow
import ScreenPresentation
import TerminalUI
import Testing
import TophhieCloudAuthentication

/// Keys on a presented flow screen become the flow events the reducer expects.
@Suite struct ScreenInputTests {
    @Test func typingIntoAFieldSendsFieldEdited() {
        var session = ScreenSession(FlowScreens.signIn())
        #expect(session.press(.character("a")) == [.fieldEdited(.email, "a")])
        #expect(session.press(.paste("da@x")) == [.fieldEdited(.email, "ada@x")])
        #expect(session.press(.backspace) == [.fieldEdited(.email, "ada@")])
        #expect(session.press(.left) == [])
    }

    @Test func aPasswordIsSentAsTypedWhileDrawnMasked() {
        var session = ScreenSession(FlowScreens.signIn())
        session.press(.tab)
        #expect(session.press(.paste("Correct-Horse-9")) == [.fieldEdited(.password, "Correct-Horse-9")])
        #expect(!session.render(FlowScreenSnapshotTests.small).contains("Correct-Horse-9"))
    }

    @Test func tabOffAFieldSendsFieldLeft() {
        var session = ScreenSession(FlowScreens.signIn())
        session.type("ada@")
        #expect(session.press(.tab) == [.fieldLeft(.email)])
        #expect(session.press(.backTab) == [.fieldLeft(.password)])
    }

    @Test func leavingAButtonOrTheOptionsSendsNothing() {
        var session = ScreenSession(FlowScreens.mfaPicker())
        #expect(session.press(.tab) == [])
        #expect(session.press(.tab) == [])
    }

    @Test func enterOnAFieldPressesTheDefaultAction() {
        var session = ScreenSession(FlowScreens.codeEntry())
        session.type("12345678")
        #expect(session.press(.enter) == [.submitted])
        #expect(session.state.pending == .checkingCode)
    }

    @Test func enterOnTheOptionsSendsTheChosenOptionsEvent() {
        var home = ScreenSession(FlowScreens.home(signedIn: false))
        #expect(home.press(.down) == [])
        #expect(home.press(.enter) == [.menuChosen(.browserSignIn)])
        var picker = ScreenSession(FlowScreens.mfaPicker())
        picker.press(.down)
        #expect(picker.press(.enter) == [.methodPicked(id: "m-sms")])
    }

    @Test func enterOnABlockedMethodSendsNothing() {
        var state = FlowScreens.mfaPicker()
        state.step = .methodPicker(MethodPicker(purpose: .mfa, methods: [FlowScreens.emailMethod, FlowScreens.smsMethod],
                                                blocked: ["m-email"]))
        var session = ScreenSession(state)
        #expect(session.press(.enter) == [])
        #expect(session.render(FlowScreenSnapshotTests.small).contains("Blocked right now"))
        #expect(!session.render(FlowScreenSnapshotTests.small).contains("unavailable"))
    }

    @Test func escGoesBack() {
        var session = ScreenSession(FlowScreens.codeEntry())
        #expect(session.press(.escape) == [.backRequested])
    }

    @Test func escWhileWorkingCancelsTheRequest() {
        var session = ScreenSession(FlowScreens.codeEntry())
        session.type("12345678")
        session.press(.enter)
        #expect(session.state.screen.isWorking)
        #expect(session.press(.escape) == [.cancelRequested])
        #expect(session.state.pending == nil)
        #expect(!session.state.screen.isWorking)
    }

    @Test func aButtonSendsItsActionsEvent() {
        var session = ScreenSession(FlowScreens.signIn())
        session.type("ada@contoso.example")
        session.press(.tab)
        session.press(.tab)  // leaves the password: Sign in is focused
        #expect(session.press(.tab) == [])  // now on "Use a one-time code instead"
        #expect(session.press(.enter) == [.useCodeInstead])
        var failure = ScreenSession(FlowState(settings: FlowScreens.settings, step: .failure(FailureReport(
            message: "x", retryStep: .home))))
        failure.press(.tab)
        #expect(failure.press(.enter) == [.homeRequested])
    }

    /// The resend button is off (and out of the focus order) while the countdown runs.
    @Test func aDisabledActionCannotBePressed() {
        var session = ScreenSession(FlowScreens.codeEntry())
        session.send(.tick(FlowScreens.start))
        #expect(!session.view.buttons[1].isEnabled)
        session.press(.tab)
        #expect(session.press(.tab) == [])  // skips Resend: Back
        #expect(session.press(.enter) == [.backRequested])
        let screen = FlowScreens.codeEntry().screen
        let view = ScreenPresenter.formView(for: screen, header: nil, previous: nil)
        #expect(ScreenInput.events(for: .submitted(button: "action:1"), before: view, after: view, screen: screen) == [])
    }

    @Test func aToggleAndAChoiceListSendTheirValues() {
        var session = ScreenSession(FlowScreens.attributes())
        for _ in 0..<4 { session.press(.tab) }
        let newsletter = FieldID.attribute("extension_\(FlowScreens.appID)_newsletter")
        #expect(session.press(.character(" ")) == [.fieldEdited(newsletter, "true")])
        #expect(session.press(.tab) == [.fieldLeft(newsletter)])
        #expect(session.press(.down) == [.fieldEdited(.attribute("extension_\(FlowScreens.appID)_tier"), "Gold")])
    }

    /// A lone Esc (a slip, or the first piece of a sequence split over a slow link) on the sign-up form with
    /// an email typed does not throw it away: it asks, a second Esc goes back, any other key stays.
    @Test func escOnATypedFormAsksBeforeGoingBack() {
        var session = ScreenSession(FlowState(settings: FlowSettings(), step: .signUpStart(SignUpForm(settings: FlowSettings()))))
        session.type("new@contoso.com")
        #expect(session.press(.escape).isEmpty)
        #expect(session.view.isConfirmingBack, "the question does not survive the re-present")
        #expect(session.press(.right).isEmpty)
        guard case .signUpStart(let form) = session.state.step else {
            Issue.record("left the sign-up form: \(session.state.step)")
            return
        }
        #expect(form.email == "new@contoso.com")
        #expect(session.press(.escape).isEmpty)
        #expect(session.press(.escape) == [.backRequested])
    }

    /// The profile edit form opens filled in: Esc leaves it at once while nothing changed, and asks
    /// "Discard your changes?" once something did; a second Esc discards them.
    @Test func escOnAChangedProfileEditAsksToDiscard() {
        var session = ScreenSession(FlowScreens.profileScreen())
        session.press(.enter)  // Edit
        #expect(session.press(.escape) == [.backRequested], "nothing changed: no question")
        session.press(.enter)
        session.press(.tab)  // Given name
        session.type("s")
        #expect(session.press(.escape).isEmpty)
        #expect(session.view.isConfirmingBack)
        #expect(session.view.backQuestionText == FormView.discardQuestion)
        #expect(session.press(.escape) == [.backRequested])
        #expect(session.state.screen.title == "Profile")
    }

    /// Ctrl-R shows the password while it is typed; once focus leaves the field it is masked again, so
    /// whoever looks at the screen later does not read it.
    @Test func aRevealedPasswordIsMaskedAgainWhenFocusLeaves() {
        var session = ScreenSession(FlowScreens.signIn())
        session.press(.tab)
        session.press(.paste("Correct-Horse-9"))
        session.press(.control("r"))
        #expect(session.render(Size(width: 80, height: 24)).contains("Correct-Horse-9"))
        session.press(.tab)
        #expect(session.view[field: "password"]?.kind == .password(revealed: false))
        #expect(!session.render(Size(width: 80, height: 24)).contains("Correct-Horse-9"))
        session.press(.backTab)
        #expect(!session.render(Size(width: 80, height: 24)).contains("Correct-Horse-9"), "coming back does not reveal it")
    }

    /// Enter on the email sends it; when the server answers that the account has a password, the
    /// cursor is on the password field, not still on the email.
    @Test func thePasswordTheServerAsksForTakesTheFocus() {
        var session = ScreenSession(FlowScreens.signIn())
        session.type("ada@contoso.example")
        #expect(session.press(.enter) == [.submitted])
        #expect(session.state.pending == .signingIn)
        session.send(.signInAdvanced(.failure(.passwordRequired)))
        #expect(session.view.focused == .field(1))
        #expect(session.press(.character("x")) == [.fieldEdited(.password, "x")])
    }

    /// A sign-up the desk opens with the row's address filled in starts on the password, the first thing the
    /// person types, not on the address they would have to Tab past.
    @Test func aFilledInSignUpStartsAtItsFirstEmptyField() {
        let session = ScreenSession(FlowState(settings: FlowScreens.settings,
                                              step: .signUpStart(SignUpForm(settings: FlowScreens.settings, email: "ana@example.com"))))
        #expect(session.view.focused == .field(1))
        #expect(session.view.fields[1].id == "password")
    }

    /// A long form submitted from its last field and refused by the local checks puts the cursor on the
    /// first field to fix, which may be off screen, rather than leaving it where Enter was pressed.
    @Test func aRefusedFormFocusesItsFirstBadField() {
        var session = ScreenSession(FlowScreens.attributes())
        session.type("Ada")
        for _ in 0..<11 { session.press(.tab) }
        session.type("UK")
        #expect(session.press(.enter) == [.submitted])
        #expect(session.state.pending == nil)
        #expect(session.view.focused == .field(1), "surname, the first field refused")
        #expect(session.view.fields[1].error != nil)
    }
}
