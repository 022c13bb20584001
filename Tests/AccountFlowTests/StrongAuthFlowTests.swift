import Testing
import TophhieCloudAuthentication
@testable import AccountFlow

/// MFA (selection and verification) and strong-auth registration (email, SMS, preverified) with their errors.
@Suite struct StrongAuthFlowTests {
    /// A sign-in with password in flight, as the MFA or registration branch begins.
    static func signingIn() -> FlowStore {
        FlowStore(FlowState(
            settings: FlowSettings(defaultCountryCode: "44"), step: .signInStart(SignInForm(email: Sample.email)),
            origin: FlowOrigin(kind: .signIn, email: Sample.email), pending: .signingIn))
    }

    static func completes(_ store: inout FlowStore) {
        store.send(.signInAdvanced(.success(.completed(Sample.account))), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .signedIn(Sample.account)
            $0.signedIn = Sample.account
            $0.origin = nil
            $0.loopGuard = LoopGuard()
        }
    }

    static let methods = [Sample.emailMethod, Sample.smsMethod]

    static func atPicker() -> FlowStore {
        var store = signingIn()
        store.send(.signInAdvanced(.success(.asks(.mfaRequired, .methods(methods))))) {
            $0.pending = nil
            $0.step = .methodPicker(MethodPicker(purpose: .mfa, methods: methods))
            $0.loopGuard = .seen("signIn.mfaRequired:m-email,m-sms")
        }
        return store
    }

    @Test func mfaWithSelectionAndVerification() {
        var store = Self.atPicker()
        let screen = store.state.screen
        #expect(screen.options.map(\.label) == ["Email", "Text message (SMS)"])
        #expect(screen.options.map(\.detail) == ["a***@co***.example", "+44*******890"])
        #expect(screen.options.allSatisfy { $0.note == nil }, "the codes note is said once, above the list")
        #expect(screen.text.filter { $0.contains("less safe than an authenticator app") }.count == 1)
        store.send(.methodPicked(id: "m-sms"), effects: [.pickMethod(id: "m-sms")]) {
            $0.picker { $0.picked = "m-sms" }
            $0.pending = .requestingCode
        }
        store.send(.mfaChallengeAnswered(.success(.codeSent(Sample.smsDelivery)))) {
            $0.pending = nil
            $0.step = .codeEntry(CodeEntry(purpose: .mfa, delivery: Sample.smsDelivery))
        }
        #expect(store.state.screen.text == ["We sent a 6-digit code by text message to +44*******890."])
        store.send(.fieldEdited(.code, "654321")) { $0.code { $0.code = "654321" } }
        store.send(.submitted, effects: [.submit(.code("654321"))]) { $0.pending = .checkingCode }
        store.send(.signInAdvanced(.failure(.invalidCode(Sample.details)))) {
            $0.pending = nil
            $0.code { $0.code = ""; $0.wrongAttempts = 1; $0.codeError = "That code isn't right. Check it and try again." }
        }
        store.send(.fieldEdited(.code, "123456")) { $0.code { $0.code = "123456"; $0.codeError = nil } }
        store.send(.submitted, effects: [.submit(.code("123456"))]) { $0.pending = .checkingCode }
        Self.completes(&store)
    }

    @Test func singleMfaMethodIsChallengedAtOnce() {
        var store = Self.signingIn()
        store.send(.signInAdvanced(.success(.asks(.mfaRequired, .methods([Sample.emailMethod])))),
                   effects: [.pickMethod(id: "m-email")]) {
            $0.step = .methodPicker(MethodPicker(purpose: .mfa, methods: [Sample.emailMethod], picked: "m-email"))
            $0.pending = .requestingCode
            $0.loopGuard = .seen("signIn.mfaRequired:m-email")
        }
        store.send(.mfaChallengeAnswered(.success(.codeSent(Sample.delivery)))) {
            $0.pending = nil
            $0.step = .codeEntry(CodeEntry(purpose: .mfa, delivery: Sample.delivery))
        }
    }

    @Test func serverAsksForASelection() {
        var store = Self.signingIn()
        store.send(.signInAdvanced(.success(.asks(.mfaRequired, .methods([Sample.emailMethod])))),
                   effects: [.pickMethod(id: "m-email")]) {
            $0.step = .methodPicker(MethodPicker(purpose: .mfa, methods: [Sample.emailMethod], picked: "m-email"))
            $0.pending = .requestingCode
            $0.loopGuard = .seen("signIn.mfaRequired:m-email")
        }
        store.send(.mfaChallengeAnswered(.success(.selectionRequired(Self.methods)))) {
            $0.pending = nil
            $0.step = .methodPicker(MethodPicker(purpose: .mfa, methods: Self.methods))
            $0.loopGuard = .seen("signIn.mfaRequired:m-email", "mfa.selectionRequired:m-email,m-sms")
        }
    }

    /// Field case 003 (docs/field-cases.md): SMS blocked by reputation at the MFA picker; the picker stays with the other method.
    @Test func case003BlockedMethodKeepsThePicker() {
        var store = Self.atPicker()
        store.send(.methodPicked(id: "m-sms"), effects: [.pickMethod(id: "m-sms")]) {
            $0.picker { $0.picked = "m-sms" }
            $0.pending = .requestingCode
        }
        let blocked = ServerDetails(error: "access_denied", suberror: "provider_blocked_by_rep", code: 550024, status: 400)
        store.send(.mfaChallengeAnswered(.failure(.methodBlocked(blocked)))) {
            $0.pending = nil
            $0.picker {
                $0.blocked = ["m-sms"]
                $0.picked = nil
                $0.message = "That method is blocked right now. Choose another method."
            }
        }
        let options = store.state.screen.options
        #expect(options.map(\.enabled) == [true, false])
        #expect(options[1].note == "Blocked right now")
        store.send(.methodPicked(id: "m-sms")) { $0.picker { $0.message = "That method is blocked right now. Choose another one." } }
        store.send(.methodPicked(id: "m-email"), effects: [.pickMethod(id: "m-email")]) {
            $0.picker { $0.picked = "m-email"; $0.message = nil }
            $0.pending = .requestingCode
        }
        store.send(.mfaChallengeAnswered(.success(.codeSent(Sample.delivery)))) {
            $0.pending = nil
            $0.step = .codeEntry(CodeEntry(purpose: .mfa, delivery: Sample.delivery))
        }
    }

    static let registrationMethods = [Sample.registerEmail, Sample.registerSMS]

    static func atRegistration() -> FlowStore {
        var store = signingIn()
        store.send(.signInAdvanced(.success(.asks(.registrationRequired, .methods(registrationMethods))))) {
            $0.pending = nil
            $0.step = .methodPicker(MethodPicker(purpose: .registration, methods: registrationMethods))
            $0.loopGuard = .seen("signIn.registrationRequired:email,sms")
        }
        return store
    }

    /// Registration's email picked (its address filled in from the sign-in) and sent.
    static func emailSent() -> FlowStore {
        var store = atRegistration()
        store.send(.methodPicked(id: "email")) {
            $0.step = .contactEntry(ContactEntry(method: Sample.registerEmail, availableMethods: registrationMethods,
                                                 contact: Sample.email, countryCode: "44"))
        }
        store.send(.submitted, effects: [.submit(.contact(methodID: "email", contact: Sample.email))]) {
            $0.pending = .registeringMethod
        }
        return store
    }

    @Test func registersAnEmail() {
        var store = Self.emailSent()
        store.send(.registrationAnswered(.success(.codeSent(Sample.delivery)))) {
            $0.pending = nil
            $0.step = .codeEntry(CodeEntry(purpose: .registration, delivery: Sample.delivery))
        }
        store.send(.fieldEdited(.code, "12345678")) { $0.code { $0.code = "12345678" } }
        store.send(.submitted, effects: [.submit(.code("12345678"))]) { $0.pending = .checkingCode }
        Self.completes(&store)
    }

    static func atSMSContact() -> FlowStore {
        var store = atRegistration()
        store.send(.methodPicked(id: "sms")) {
            $0.step = .contactEntry(ContactEntry(method: Sample.registerSMS, availableMethods: registrationMethods,
                                                 countryCode: "44"))
        }
        return store
    }

    @Test func registersAnSMSNumberNormalisedToE164() {
        var store = Self.atSMSContact()
        store.send(.fieldEdited(.contact, "07700 900-123")) { $0.contact { $0.contact = "07700 900-123" } }
        store.send(.fieldLeft(.contact))
        store.send(.submitted, effects: [.submit(.contact(methodID: "sms", contact: "+447700900123"))]) {
            $0.pending = .registeringMethod
        }
        store.send(.registrationAnswered(.success(.codeSent(Sample.smsDelivery)))) {
            $0.pending = nil
            $0.step = .codeEntry(CodeEntry(purpose: .registration, delivery: Sample.smsDelivery))
        }
    }

    @Test func preverifiedContactSignsInWithoutACode() {
        var store = Self.atRegistration()
        store.send(.methodPicked(id: "email")) {
            $0.step = .contactEntry(ContactEntry(method: Sample.registerEmail, availableMethods: Self.registrationMethods,
                                                 contact: Sample.email, countryCode: "44"))
        }
        store.send(.submitted, effects: [.submit(.contact(methodID: "email", contact: Sample.email))]) {
            $0.pending = .registeringMethod
        }
        store.send(.registrationAnswered(.success(.completed(Sample.account))), effects: [.forgetSession]) {
            $0.pending = nil
            $0.step = .signedIn(Sample.account)
            $0.signedIn = Sample.account
            $0.origin = nil
            $0.loopGuard = LoopGuard()
        }
    }

    /// Field case 002 (docs/field-cases.md): `+123` is refused locally; if the server answers 901001 the step is kept for a correction.
    @Test func case002ImplausibleNumberStaysOnThePhoneField() {
        var store = Self.atSMSContact()
        store.send(.fieldEdited(.contact, "+123")) { $0.contact { $0.contact = "+123" } }
        store.send(.submitted) {
            $0.contact { $0.contactError = "That phone number doesn't look right: it is too short. Include the country code." }
        }
        // A number the local check accepts but the server refuses with AADSTS901001.
        store.send(.fieldEdited(.contact, "+999 1234 5678")) { $0.contact { $0.contact = "+999 1234 5678"; $0.contactError = nil } }
        store.send(.submitted, effects: [.submit(.contact(methodID: "sms", contact: "+99912345678"))]) {
            $0.pending = .registeringMethod
        }
        let refused = ServerDetails(error: "invalid_request", code: 901001, status: 400)
        store.send(.registrationAnswered(.failure(.invalidInput("That phone number or email doesn't look right.", refused)))) {
            $0.pending = nil
            $0.contact { $0.contactError = "That phone number doesn't look right. Check it, or go back and pick another method." }
        }
        // Correct the number, or go back and pick email: both stay possible.
        store.send(.backRequested) {
            $0.step = .methodPicker(MethodPicker(purpose: .registration, methods: Self.registrationMethods))
        }
        store.send(.methodPicked(id: "email")) {
            $0.step = .contactEntry(ContactEntry(method: Sample.registerEmail, availableMethods: Self.registrationMethods,
                                                 contact: Sample.email, countryCode: "44"))
        }
    }

    /// Field case 003 (docs/field-cases.md) on registration: suggest another number or method.
    @Test func case003BlockedNumberOnRegistration() {
        var store = Self.atSMSContact()
        store.send(.fieldEdited(.contact, "+44 7700 900123")) { $0.contact { $0.contact = "+44 7700 900123" } }
        store.send(.submitted, effects: [.submit(.contact(methodID: "sms", contact: "+447700900123"))]) {
            $0.pending = .registeringMethod
        }
        let blocked = ServerDetails(error: "access_denied", suberror: "provider_blocked_by_rep", code: 550024, status: 400)
        store.send(.registrationAnswered(.failure(.methodBlocked(blocked)))) {
            $0.pending = nil
            $0.contact {
                $0.contactError = "That phone number can't be used right now. Try another phone number, or go back and pick another method."
            }
        }
    }

    /// An address the tenant says is another account's stays on the field with words that ask for another, not the
    /// sign-up's "sign in instead".
    @Test func addressOfAnotherAccountStaysOnTheContactField() {
        var store = Self.emailSent()
        store.send(.registrationAnswered(.failure(.userAlreadyExists(Sample.details)))) {
            $0.pending = nil
            $0.contact { $0.contactError = "That email address belongs to another account. Enter another one." }
        }
    }

    @Test func methodTheTenantDoesNotOfferReturnsToThePicker() {
        var store = Self.atSMSContact()
        store.send(.fieldEdited(.contact, "+447700900123")) { $0.contact { $0.contact = "+447700900123" } }
        store.send(.submitted, effects: [.submit(.contact(methodID: "sms", contact: "+447700900123"))]) {
            $0.pending = .registeringMethod
        }
        store.send(.registrationAnswered(.failure(.noMatchingAuthMethod))) {
            $0.pending = nil
            $0.step = .methodPicker(MethodPicker(
                purpose: .registration, methods: Self.registrationMethods,
                message: "That verification method is not available for this account."))
        }
    }

    @Test func phoneWithoutCountryCodeIsExplained() {
        var store = Self.atSMSContact()
        store.send(.fieldEdited(.countryCode, "")) { $0.contact { $0.countryCode = "" } }
        store.send(.fieldEdited(.contact, "07700 900123")) { $0.contact { $0.contact = "07700 900123" } }
        store.send(.fieldLeft(.contact)) {
            $0.contact { $0.contactError = "Start with + and the country code, or type the country code in its field." }
        }
    }
}
