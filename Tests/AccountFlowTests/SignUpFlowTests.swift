import Testing
import TophhieCloudAuthentication
@testable import AccountFlow

/// Sign-up in the four orders of the protocol (docs/protocol.md §N4.4) and every error branch.
@Suite struct SignUpFlowTests {
    static let displayName = RequiredAttribute(name: "displayName", type: "string", required: true, regex: nil)
    static let city = RequiredAttribute(name: "city", type: "Text", required: false, regex: nil)

    /// Home → sign-up start with the email typed (and the password when the console makes password accounts).
    static func atStart(_ settings: FlowSettings, password: Bool) -> FlowStore {
        var store = FlowStore(settings: settings)
        store.send(.menuChosen(.signUp)) { $0.step = .signUpStart(SignUpForm(settings: settings)) }
        store.send(.fieldEdited(.email, Sample.email)) { $0.signUp { $0.email = Sample.email } }
        if password {
            store.send(.fieldEdited(.password, Sample.password)) { $0.signUp { $0.password = Secret(Sample.password) } }
            store.send(.fieldEdited(.confirmPassword, Sample.password)) { $0.signUp { $0.confirmPassword = Secret(Sample.password) } }
        }
        return store
    }

    /// Submits the start form and feeds the code delivery back, then submits `code`.
    static func throughCode(_ store: inout FlowStore, password: String?, attributes: [String: String] = [:],
                            code: String = "12345678") {
        store.send(.submitted, effects: [.startSignUp(email: Sample.email, password: password.map { Secret($0) }, attributes: attributes)]) {
            $0.origin = FlowOrigin(kind: .signUp, email: Sample.email)
            $0.pending = .signingUp
        }
        store.send(.signUpStarted(.success(Sample.delivery))) {
            $0.pending = nil
            $0.step = .codeEntry(CodeEntry(purpose: .signUp, delivery: Sample.delivery))
        }
        store.send(.fieldEdited(.code, code)) { $0.code { $0.code = Secret(code) } }
        store.send(.submitted, effects: [.submit(.code(Secret(code)))]) { $0.pending = .checkingCode }
    }

    static func signsIn(_ store: inout FlowStore) {
        store.send(.signUpAdvanced(.success(.completed)), effects: [.submit(.proceed)]) {
            $0.step = .readyToSignIn
            $0.pending = .signingIn
            $0.origin?.signingIn = true
        }
        store.send(.signInAdvanced(.success(.completed(Sample.account))), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .signedIn(Sample.account)
            $0.signedIn = Sample.account
            $0.origin = nil
            $0.loopGuard = LoopGuard()
        }
    }

    @Test func order1EmailOTPThenAttributes() {
        let settings = FlowSettings(passwordAccounts: false)
        var store = Self.atStart(settings, password: false)
        Self.throughCode(&store, password: nil)
        store.send(.signUpAdvanced(.success(.attributesRequired([Self.displayName, Self.city], Sample.answer)))) {
            $0.pending = nil
            $0.step = .attributes(AttributeForm([Self.displayName, Self.city]))
            $0.loopGuard = .seen("signUp.attributesRequired:displayName,city")
        }
        store.send(.fieldEdited(.attribute("displayName"), "Zoë Ångström-Łukasiewicz")) {
            $0.attributes { $0.fields[0].value = "Zoë Ångström-Łukasiewicz" }
        }
        store.send(.submitted, effects: [.submit(.attributes(["displayName": "Zoë Ångström-Łukasiewicz"]))]) {
            $0.pending = .sendingAttributes
        }
        Self.signsIn(&store)
    }

    @Test func order2PasswordAtStart() {
        let settings = FlowSettings(passwordAccounts: true)
        var store = Self.atStart(settings, password: true)
        Self.throughCode(&store, password: Sample.password)
        Self.signsIn(&store)
    }

    @Test func order3PasswordAskedLaterByCredentialRequired() {
        let settings = FlowSettings(passwordAccounts: false)
        var store = Self.atStart(settings, password: false)
        Self.throughCode(&store, password: nil)
        store.send(.signUpAdvanced(.success(.passwordRequired(Sample.answer)))) {
            $0.pending = nil
            $0.step = .newPassword(NewPasswordForm(purpose: .signUp))
            $0.loopGuard = .seen("signUp.passwordRequired")
        }
        store.send(.fieldEdited(.password, Sample.password)) { $0.newPassword { $0.password = Secret(Sample.password) } }
        store.send(.fieldEdited(.confirmPassword, "Correct-Horse-8")) { $0.newPassword { $0.confirmPassword = "Correct-Horse-8" } }
        store.send(.fieldLeft(.confirmPassword)) { $0.newPassword { $0.confirmError = "The two passwords are not the same." } }
        store.send(.submitted)  // refused locally: still different
        store.send(.fieldEdited(.confirmPassword, Sample.password)) {
            $0.newPassword { $0.confirmPassword = Secret(Sample.password); $0.confirmError = nil }
        }
        store.send(.submitted, effects: [.submit(.password(Secret(Sample.password)))]) { $0.pending = .sendingPassword }
        store.send(.signUpAdvanced(.success(.attributesRequired([Self.displayName], Sample.answer)))) {
            $0.pending = nil
            $0.step = .attributes(AttributeForm([Self.displayName]))
            $0.loopGuard = .seen("signUp.attributesRequired:displayName")
        }
        store.send(.fieldEdited(.attribute("displayName"), "Ada")) { $0.attributes { $0.fields[0].value = "Ada" } }
        store.send(.submitted, effects: [.submit(.attributes(["displayName": "Ada"]))]) { $0.pending = .sendingAttributes }
        Self.signsIn(&store)
    }

    @Test func order4EverythingUpFront() {
        let settings = FlowSettings(passwordAccounts: true, upFrontAttributes: [Self.displayName, Self.city])
        var store = Self.atStart(settings, password: true)
        store.send(.fieldEdited(.attribute("displayName"), "Ada")) { $0.signUp { $0.attributes.fields[0].value = "Ada" } }
        store.send(.fieldEdited(.attribute("city"), "São Paulo")) { $0.signUp { $0.attributes.fields[1].value = "São Paulo" } }
        Self.throughCode(&store, password: Sample.password, attributes: ["displayName": "Ada", "city": "São Paulo"])
        Self.signsIn(&store)
    }

    @Test func startRefusesLocallyBeforeAnyRequest() {
        let settings = FlowSettings(passwordAccounts: true, upFrontAttributes: [Self.displayName])
        var store = FlowStore(settings: settings)
        store.send(.menuChosen(.signUp)) { $0.step = .signUpStart(SignUpForm(settings: settings)) }
        store.send(.fieldEdited(.email, "not-an-email")) { $0.signUp { $0.email = "not-an-email" } }
        store.send(.fieldLeft(.email)) { $0.signUp { $0.emailError = "Enter an email address like name@example.com." } }
        // A required attribute left empty up front is not refused: the server asks for it after the code.
        store.send(.submitted) { $0.signUp { $0.passwordError = "Enter a password." } }
    }

    /// The form's email shape is the package's one rule: markup pasted after an address is refused on the screen,
    /// before any request, as the list check and the emulator refuse it.
    @Test("an address with markup or specials is refused before any request", arguments: ["x@y.z<script>", "ann@contoso.com>", "ann,lee@contoso.com"])
    func markupIsNoAddress(typed: String) {
        let settings = FlowSettings(passwordAccounts: true)
        var store = FlowStore(settings: settings)
        store.send(.menuChosen(.signUp)) { $0.step = .signUpStart(SignUpForm(settings: settings)) }
        store.send(.fieldEdited(.email, typed)) { $0.signUp { $0.email = typed } }
        store.send(.fieldLeft(.email)) { $0.signUp { $0.emailError = "Enter an email address like name@example.com." } }
    }

    @Test func existingAccountIsNamedOnTheEmailField() {
        var store = Self.atStart(FlowSettings(), password: true)
        store.send(.submitted, effects: [.startSignUp(email: Sample.email, password: Secret(Sample.password), attributes: [:])]) {
            $0.origin = FlowOrigin(kind: .signUp, email: Sample.email)
            $0.pending = .signingUp
        }
        store.send(.signUpStarted(.failure(.userAlreadyExists(Sample.details)))) {
            $0.pending = nil
            $0.signUp {
                $0.emailError = "An account with that email already exists. Sign in, or reset its password."
                $0.accountExists = true
            }
        }
        // Another address is another question: the offers go with the edit.
        store.send(.fieldEdited(.email, "other@contoso.example")) {
            $0.signUp { $0.email = "other@contoso.example"; $0.emailError = nil; $0.accountExists = false }
        }
        #expect(!store.state.screen.actions.contains { $0.event == .otherFlowChosen(.signIn) })
    }

    @Test func passwordRuleAtStartLandsOnThePasswordField() {
        var store = Self.atStart(FlowSettings(), password: true)
        store.send(.submitted, effects: [.startSignUp(email: Sample.email, password: Secret(Sample.password), attributes: [:])]) {
            $0.origin = FlowOrigin(kind: .signUp, email: Sample.email)
            $0.pending = .signingUp
        }
        store.send(.signUpStarted(.failure(.invalidPassword(.tooWeak, Sample.details)))) {
            $0.pending = nil
            $0.signUp { $0.passwordError = PasswordRule.tooWeak.message }  // input kept
        }
    }

    /// The tenant's `password_banned` also refuses a password holding the account's name: when the
    /// password holds the email's name the field says so, not "too common"; another banned one is common.
    @Test func aBannedPasswordHoldingTheEmailsNameSaysSo() {
        var store = Self.atStart(FlowSettings(), password: false)
        let password = "Ada-Lovelace-1815"
        store.send(.fieldEdited(.password, password)) { $0.signUp { $0.password = Secret(password) } }
        store.send(.fieldEdited(.confirmPassword, password)) { $0.signUp { $0.confirmPassword = Secret(password) } }
        store.send(.submitted, effects: [.startSignUp(email: Sample.email, password: Secret(password), attributes: [:])]) {
            $0.origin = FlowOrigin(kind: .signUp, email: Sample.email)
            $0.pending = .signingUp
        }
        store.send(.signUpStarted(.failure(.invalidPassword(.banned, Sample.details)))) {
            $0.pending = nil
            $0.signUp { $0.passwordError = "That password contains part of your email address. Choose another." }
        }
        #expect(Validation.passwordMessage(.banned, password: "Password123!", email: Sample.email) == PasswordRule.banned.message)
    }

    @Test func refusedUpFrontAttributesAreMarked() {
        let settings = FlowSettings(passwordAccounts: false, upFrontAttributes: [Self.displayName])
        var store = Self.atStart(settings, password: false)
        store.send(.fieldEdited(.attribute("displayName"), "Ada")) { $0.signUp { $0.attributes.fields[0].value = "Ada" } }
        store.send(.submitted, effects: [.startSignUp(email: Sample.email, password: nil, attributes: ["displayName": "Ada"])]) {
            $0.origin = FlowOrigin(kind: .signUp, email: Sample.email)
            $0.pending = .signingUp
        }
        store.send(.signUpStarted(.failure(.invalidAttributes(["displayName"])))) {
            $0.pending = nil
            $0.signUp {
                $0.attributes.fields[0].error = "The tenant didn't accept this value."
                $0.attributes.message = "Some details were not accepted. Correct the marked fields."
            }
        }
    }

    /// A code refused again and again may have stopped working: from the third refusal the advice says so.
    @Test func repeatedWrongCodesAdviseANewCode() {
        var store = Self.atStart(FlowSettings(passwordAccounts: false), password: false)
        Self.throughCode(&store, password: nil, code: "11111111")
        for attempt in 1...3 {
            if attempt > 1 {
                store.send(.fieldEdited(.code, "1111111\(attempt)")) { $0.code { $0.code = Secret("1111111\(attempt)"); $0.codeError = nil } }
                store.send(.submitted, effects: [.submit(.code(Secret("1111111\(attempt)")))]) { $0.pending = .checkingCode }
            }
            store.send(.signUpAdvanced(.failure(.invalidCode(Sample.details)))) {
                $0.pending = nil
                $0.code {
                    $0.code = ""
                    $0.wrongAttempts = attempt
                    $0.codeError = attempt < 3 ? "That code isn't right. Check it and try again."
                        : "That code isn't right. After several wrong tries a code can stop working: "
                        + "if you are sure of it, send a new code or start again."
                }
            }
        }
    }

    /// Field case 010 (docs/field-cases.md): a wrong code keeps the step and clears the field; the next submit goes to the same step.
    @Test func case010WrongCodeStaysOnTheCodeScreen() {
        var store = Self.atStart(FlowSettings(passwordAccounts: false), password: false)
        Self.throughCode(&store, password: nil, code: "11111111")
        store.send(.signUpAdvanced(.failure(.invalidCode(Sample.details)))) {
            $0.pending = nil
            $0.code { $0.code = ""; $0.wrongAttempts = 1; $0.codeError = "That code isn't right. Check it and try again." }
        }
        store.send(.fieldEdited(.code, "22222222")) { $0.code { $0.code = "22222222"; $0.codeError = nil } }
        store.send(.submitted, effects: [.submit(.code("22222222"))]) { $0.pending = .checkingCode }
        Self.signsIn(&store)
    }

    /// Field case 010 (docs/field-cases.md): an expired flow restarts from the first screen with the email kept and no secret.
    @Test func case010ExpiredFlowRestartsWithTheEmailKept() {
        var store = Self.atStart(FlowSettings(passwordAccounts: true), password: true)
        Self.throughCode(&store, password: Sample.password)
        store.send(.signUpAdvanced(.failure(.expiredFlow(Sample.details))), effects: [.forgetSession]) {
            $0.pending = nil
            var form = SignUpForm(settings: $0.settings, email: Sample.email)
            form.message = "The session timed out. Start again; your email is kept."
            $0.step = .signUpStart(form)
        }
        #expect(store.state.screen.fields.first { $0.id == .password }?.value == "")
    }

    @Test func serverPasswordRuleOnThePasswordStep() {
        var store = Self.atStart(FlowSettings(passwordAccounts: false), password: false)
        Self.throughCode(&store, password: nil)
        store.send(.signUpAdvanced(.success(.passwordRequired(Sample.answer)))) {
            $0.pending = nil
            $0.step = .newPassword(NewPasswordForm(purpose: .signUp))
            $0.loopGuard = .seen("signUp.passwordRequired")
        }
        store.send(.fieldEdited(.password, "short")) { $0.newPassword { $0.password = "short" } }
        store.send(.fieldEdited(.confirmPassword, "short")) { $0.newPassword { $0.confirmPassword = "short" } }
        store.send(.submitted, effects: [.submit(.password("short"))]) { $0.pending = .sendingPassword }
        store.send(.signUpAdvanced(.failure(.invalidPassword(.tooShort, Sample.details)))) {
            $0.pending = nil
            $0.newPassword { $0.passwordError = "That password is too short." }
        }
    }

    @Test func serverRefusedAttributesGoToTheirFieldsAndKeepInput() {
        var store = Self.atStart(FlowSettings(passwordAccounts: false), password: false)
        Self.throughCode(&store, password: nil)
        store.send(.signUpAdvanced(.success(.attributesRequired([Self.displayName, Self.city], Sample.answer)))) {
            $0.pending = nil
            $0.step = .attributes(AttributeForm([Self.displayName, Self.city]))
            $0.loopGuard = .seen("signUp.attributesRequired:displayName,city")
        }
        store.send(.fieldEdited(.attribute("displayName"), "Ada")) { $0.attributes { $0.fields[0].value = "Ada" } }
        store.send(.fieldEdited(.attribute("city"), "Nowhere")) { $0.attributes { $0.fields[1].value = "Nowhere" } }
        store.send(.submitted, effects: [.submit(.attributes(["displayName": "Ada", "city": "Nowhere"]))]) {
            $0.pending = .sendingAttributes
        }
        store.send(.signUpAdvanced(.failure(.invalidAttributes(["city", "extension_0a1b_tier"])))) {
            $0.pending = nil
            $0.attributes {
                $0.fields[1].error = "The tenant didn't accept this value."
                $0.message = "The tenant didn't accept: Tier."
            }
        }
        store.send(.signUpAdvanced(.failure(.invalidInput("These values cannot be sent: city.", .local))))  // nobody waits: dropped
    }

    /// Field case 013 (docs/field-cases.md) B: `surname=Lee` sent, `attributes_required` lists `surname` again: stop at the first repeat.
    @Test func attributesAskedAgainRightAfterTheyWereSentStopTheFlow() {
        let surname = RequiredAttribute(name: "surname", type: "string", required: true, regex: nil)
        var store = Self.atStart(FlowSettings(passwordAccounts: false), password: false)
        Self.throughCode(&store, password: nil)
        store.send(.signUpAdvanced(.success(.attributesRequired([surname], Sample.answer)))) {
            $0.pending = nil
            $0.step = .attributes(AttributeForm([surname]))
            $0.loopGuard = .seen("signUp.attributesRequired:surname")
        }
        store.send(.fieldEdited(.attribute("surname"), "Lee")) { $0.attributes { $0.fields[0].value = "Lee" } }
        store.send(.submitted, effects: [.submit(.attributes(["surname": "Lee"]))]) { $0.pending = .sendingAttributes }
        store.send(.signUpAdvanced(.success(.attributesRequired([surname], Sample.answer))), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .failure(FailureReport(
                message: "The tenant asked again for surname=Lee, which the console had just sent, so it stopped this flow. "
                    + "Start again, or ask the tenant's administrator to check the user flow.",
                detail: "Sent: surname=Lee. Came back: \(Sample.answer) asking for surname."))
            $0.loopGuard = LoopGuard()
        }
        let screen = store.state.screen
        #expect(screen.actions.map(\.event) == [.restartRequested, .homeRequested])
        let detail = screen.details.first?.value ?? ""
        for part in ["attributes_required", "AADSTS55106", "correlation id \(Sample.answer.correlationID ?? "")"] {
            #expect(detail.contains(part), "\(part) missing from \(detail)")
        }
    }

    /// Field case 013 (docs/field-cases.md) A: the password went with `/signup/v1.0/start`; `credential_required` after the code is a fault.
    @Test func passwordAskedAgainAfterItWasSentAtStartStopsTheFlow() {
        var store = Self.atStart(FlowSettings(passwordAccounts: true), password: true)
        Self.throughCode(&store, password: Sample.password)
        store.send(.signUpAdvanced(.success(.passwordRequired(Sample.answer))), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .failure(FailureReport(
                message: "The tenant asked again for the password, which the console had just sent, so it stopped this flow. "
                    + "Start again, or ask the tenant's administrator to check the user flow.",
                detail: "Sent: the password. Came back: \(Sample.answer)."))
        }
        #expect(store.state.screen.title != "Choose a password")
        #expect(store.state.screen.actions.map(\.event) == [.restartRequested, .homeRequested])
    }

    @Test func networkFailureOffersRetryWithTheInputKept() {
        var store = Self.atStart(FlowSettings(passwordAccounts: false), password: false)
        Self.throughCode(&store, password: nil)
        let codeStep = CodeEntry(purpose: .signUp, delivery: Sample.delivery, code: "12345678")
        store.send(.signUpAdvanced(.failure(.networkFailure("The server could not be reached.")))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(
                message: "Network failure: The server could not be reached.", retryStep: .codeEntry(codeStep)))
        }
        // The failure has nothing for operators beyond its message: no Details row saying it again (issue 37).
        #expect(store.state.screen.details.isEmpty, "\(store.state.screen.details)")
        #expect(store.state.screen.actions.map(\.event) == [.retryRequested, .restartRequested, .homeRequested])
        store.send(.retryRequested) { $0.step = .codeEntry(codeStep) }
        store.send(.submitted, effects: [.submit(.code("12345678"))]) { $0.pending = .checkingCode }
    }

    @Test func failedSignInAfterSignUpCanBeRetried() {
        var store = Self.atStart(FlowSettings(passwordAccounts: false), password: false)
        Self.throughCode(&store, password: nil)
        store.send(.signUpAdvanced(.success(.completed)), effects: [.submit(.proceed)]) {
            $0.step = .readyToSignIn
            $0.pending = .signingIn
            $0.origin?.signingIn = true
        }
        store.send(.signInAdvanced(.failure(.throttled(retryAfter: 5, Sample.details)))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(
                message: "Too many attempts. Wait 5 seconds and try again.",
                detail: "\(Sample.details)", retryStep: .readyToSignIn, retryWait: Countdown(seconds: 5)))
        }
        store.send(.tick(Sample.start)) {
            $0.now = Sample.start
            $0.step = .failure(FailureReport(
                message: "Too many attempts. Wait 5 seconds and try again.",
                detail: "\(Sample.details)", retryStep: .readyToSignIn, retryWait: Countdown(seconds: 5, startedAt: Sample.start)))
        }
        store.send(.retryRequested)
        store.send(.tick(Sample.start.addingTimeInterval(5))) { $0.now = Sample.start.addingTimeInterval(5) }
        store.send(.retryRequested) { $0.step = .readyToSignIn }
        store.send(.submitted, effects: [.submit(.proceed)]) { $0.pending = .signingIn }
    }

    /// Enrolment mode signs the new account in once, for its object id, then forgets the tokens and the account.
    @Test func enrolmentModeSignsInForTheObjectIdForgetsTheAccountAndOffersAClearedForm() {
        let settings = FlowSettings(passwordAccounts: true, upFrontAttributes: [Self.displayName], enrolmentMode: true)
        var store = Self.atStart(settings, password: true)
        store.send(.fieldEdited(.attribute("displayName"), "Ada")) { $0.signUp { $0.attributes.fields[0].value = "Ada" } }
        Self.throughCode(&store, password: Sample.password, attributes: ["displayName": "Ada"])
        store.send(.signUpAdvanced(.success(.completed)), effects: [.submit(.proceed)]) {
            $0.step = .readyToSignIn
            $0.pending = .signingIn
            $0.origin?.signingIn = true
        }
        store.send(.signInAdvanced(.success(.completed(Sample.account))), effects: [.forgetSession, .forgetAccount, .forgetPerson]) {
            $0.pending = nil
            $0.step = .enrolled(email: Sample.email)
            $0.origin = nil
        }
        #expect(store.state.signedIn == nil)
        #expect(store.state.screen.details.isEmpty)
        store.send(.enrolAnotherRequested) { $0.step = .signUpStart(SignUpForm(settings: settings)) }
        #expect(store.state.screen.fields.allSatisfy { $0.value.isEmpty })
    }

    /// With a list at the desk, the queue is where the next person starts: not an empty sign-up form.
    @Test func enrolAnotherAtADeskWithAListGoesToTheList() {
        var settings = FlowSettings(enrolmentMode: true)
        settings.deskHasList = true
        var store = FlowStore(settings: settings, step: .enrolled(email: Sample.email))
        store.send(.enrolAnotherRequested, effects: [.forgetSession]) { $0.step = .home }
    }

    /// Where the tenant wants more than the sign-up to sign in (a second factor, a method to register) or the
    /// sign-in fails, the desk asks the person nothing more: the account exists, so they are enrolled.
    @Test(arguments: [FlowEvent.signInAdvanced(.success(.asks(.mfaRequired, .methods([Sample.emailMethod])))),
                      .signInAdvanced(.success(.asks(.registrationRequired, .methods([Sample.emailMethod])))),
                      .signInAdvanced(.failure(.throttled(retryAfter: 5, Sample.details)))])
    func enrolmentModeEndsEnrolledWhenTheSignInWantsMore(answer: FlowEvent) {
        let settings = FlowSettings(passwordAccounts: true, enrolmentMode: true)
        var store = Self.atStart(settings, password: true)
        Self.throughCode(&store, password: Sample.password)
        store.send(.signUpAdvanced(.success(.completed)), effects: [.submit(.proceed)]) {
            $0.step = .readyToSignIn
            $0.pending = .signingIn
            $0.origin?.signingIn = true
        }
        store.send(answer, effects: [.forgetSession, .forgetAccount, .forgetPerson]) {
            $0.pending = nil
            $0.step = .enrolled(email: Sample.email)
            $0.origin = nil
        }
    }

    @Test func backFromACodeStepRestartsWithTheEmailAndForgetsTheSession() {
        var store = Self.atStart(FlowSettings(passwordAccounts: true), password: true)
        Self.throughCode(&store, password: Sample.password)
        store.send(.cancelRequested, effects: [.cancelRequest]) { $0.pending = nil }
        store.send(.backRequested, effects: [.forgetSession]) {
            $0.step = .signUpStart(SignUpForm(settings: $0.settings, email: Sample.email))
        }
        store.send(.backRequested, effects: [.forgetSession]) {
            $0.step = .home
            $0.origin = nil
        }
    }
}
