import Testing
import TophhieCloudAuthentication
@testable import AccountFlow

/// The form engine: labels, kinds, order, whole-match patterns, bad and catastrophic patterns, limits.
@Suite struct FormEngineTests {
    static func attribute(_ name: String, _ type: String = "string", required: Bool = false, regex: String? = nil)
        -> RequiredAttribute {
        RequiredAttribute(name: name, type: type, required: required, regex: regex)
    }

    @Test(arguments: [
        ("displayName", "Display name"),
        ("postalCode", "Postal code"),
        ("givenName", "Given name"),
        ("streetAddress", "Street address"),
        ("city", "City"),
        ("country", "Country/Region"),
        ("extension_6a1b2c3d4e5f_loyaltyNumber", "Loyalty number"),
        ("extension_0123abcd_favouriteColour", "Favourite colour"),
        ("homePageURL", "Home page URL"),
        ("email2", "Email 2"),
        ("extension_notHex_x", "Extension not hex x"),
    ])
    func labels(name: String, label: String) {
        #expect(AttributeLabel.label(for: name) == label)
    }

    @Test(arguments: [
        ("string", FieldKind.text), ("String", .text), ("Text", .text), ("text", .text),
        ("boolean", .toggle), ("Boolean", .toggle), ("int", .number), ("Integer", .number), ("dateTime", .text),
    ])
    func kindsFromTypeIgnoreCase(type: String, kind: FieldKind) {
        #expect(AttributeField(Self.attribute("x", type)).kind == kind)
    }

    @Test func pureAlternationBecomesAPicker() {
        #expect(AttributeField(Self.attribute("tier", regex: "^(Gold|Silver)$")).kind == .picker(["Gold", "Silver"]))
        #expect(AttributeField(Self.attribute("tier", regex: "(?:Gold|Silver|Bronze)")).kind == .picker(["Gold", "Silver", "Bronze"]))
        #expect(AttributeField(Self.attribute("tier", regex: "^(Gold|Sil.er)$")).kind == .text)
        #expect(AttributeField(Self.attribute("tier", regex: "^Gold$")).kind == .text)
    }

    /// Values with `,` or `.` stay choices, escaped as a tenant (or the emulator) writes them.
    @Test func choicesWithPunctuationStayAPicker() {
        let field = AttributeField(Self.attribute("city", regex: #"^(St\. Louis|Washington, D\.C\.|O'Fallon)$"#))
        #expect(field.kind == .picker(["St. Louis", "Washington, D.C.", "O'Fallon"]))
        #expect(AttributeField(Self.attribute("code", regex: #"^(\d|x)$"#)).kind == .text, "a class is not a literal")
        #expect(AttributeField(Self.attribute("tier", regex: "^(Gold|Silver)(x|y)$")).kind == .text)
    }

    /// A format error says what is expected: simple patterns in words, else the tenant's label.
    @Test(arguments: [
        ("^[0-9]{10}$", "Enter 10 digits."),
        (#"^\d{4,6}$"#, "Enter 4 to 6 digits."),
        ("^[A-Za-z0-9 -]{3,10}$", "Enter 3 to 10 characters: letters, digits, spaces or dashes."),
        ("^.{1,3}$", "Enter 1 to 3 characters."),
        ("^[A-Z]+$", "Enter capital letters."),
        ("^(19|20)[0-9]{2}$", "Loyalty number (10 digits) isn't in the format the tenant expects."),
    ])
    func formatErrorsSayWhatIsExpected(regex: String, message: String) {
        var field = AttributeField(RequiredAttribute(name: "extension_0a1b_loyalty", type: "string", required: true, regex: regex,
                                                     label: "Loyalty number (10 digits)"))
        field.edit("abcd_12345!")
        let valid = field.validate()
        #expect(!valid)
        #expect(field.error == message)
    }

    @Test func theTenantsLabelNamesTheField() {
        #expect(AttributeField(RequiredAttribute(name: "givenName", type: "string", required: false, regex: nil, label: "First name")).label
            == "First name")
        #expect(AttributeField(RequiredAttribute(name: "givenName", type: "string", required: false, regex: nil, label: " ")).label
            == "Given name")
    }

    /// Up front (sign-up start) a required attribute may stay empty: the server asks for it after the code.
    @Test func upFrontRequiredFieldsMayStayEmpty() {
        var form = AttributeForm([Self.attribute("surname", required: true)], askedLater: true)
        let upFrontValid = form.validateAll()
        #expect(upFrontValid)
        #expect(form.values.isEmpty)
        // An unticked consent is not sent up front either, or the server would take "false" as the answer.
        let terms = AttributeForm([Self.attribute("terms", "boolean", required: true), Self.attribute("news", "boolean")], askedLater: true)
        #expect(terms.values == ["news": "false"])
        var asked = AttributeForm([Self.attribute("surname", required: true)])
        let askedValid = asked.validateAll()
        #expect(!askedValid)
    }

    @Test func emptyRegexMeansNoPattern() {
        #expect(AttributeField(Self.attribute("city", regex: "")).rule == .none)
        #expect(AttributeField(Self.attribute("city", regex: nil)).rule == .none)
    }

    @Test func serverOrderIsKeptUnlessUnknown() {
        let attributes = [Self.attribute("city"), Self.attribute("displayName", required: true), Self.attribute("postalCode")]
        #expect(AttributeForm(attributes).fields.map(\.attribute.name) == ["city", "displayName", "postalCode"])
        #expect(AttributeForm(attributes, orderKnown: false).fields.map(\.attribute.name) == ["displayName", "city", "postalCode"])
    }

    @Test func patternsAreWholeMatch() {
        var field = AttributeField(Self.attribute("postalCode", regex: "[0-9]{5}"))
        field.edit("12345-6789")
        let wrong = field.validate()
        #expect(!wrong)
        #expect(field.error == "Enter 5 digits.")
        #expect(field.value == "12345-6789")  // input kept
        field.edit("12345")
        let right = field.validate()
        #expect(right)
        #expect(field.error == nil)
    }

    /// Field case 006 (docs/field-cases.md): `.*@.**$` does not compile; the form renders, notes it, submits, and the server marks it.
    @Test func case006PatternThatDoesNotCompile() {
        let email2 = Self.attribute("email2", "string", required: true, regex: ".*@.**$")
        var store = FlowStore(FlowState(
            settings: FlowSettings(), step: .attributes(AttributeForm([email2])),
            origin: FlowOrigin(kind: .signUp, email: Sample.email)))
        let note = "This can't be checked here; the server will check it."
        #expect(store.state.screen.fields == [ScreenField(id: .attribute("email2"), label: "Email 2", kind: .text, value: "",
                                                          note: note, required: true)])
        store.send(.fieldEdited(.attribute("email2"), "anything at all")) { $0.attributes { $0.fields[0].value = "anything at all" } }
        store.send(.fieldLeft(.attribute("email2")))
        store.send(.submitted, effects: [.submit(.attributes(["email2": "anything at all"]))]) {
            $0.pending = .sendingAttributes
        }
        store.send(.signUpAdvanced(.failure(.invalidAttributes(["email2"])))) {
            $0.pending = nil
            $0.attributes {
                $0.fields[0].error = "The tenant didn't accept this value."
                $0.message = "Some details were not accepted. Correct the marked fields."
            }
        }
        #expect(store.state.screen.fields[0].value == "anything at all")
        #expect(store.state.screen.fields[0].note == note)
    }

    @Test func catastrophicPatternGivesCouldNotCheckAndDoesNotBlock() {
        var field = AttributeField(Self.attribute("code", regex: "^(a+)+$"))
        field.edit(String(repeating: "a", count: 200) + "!")
        let sendable = field.validate()
        #expect(sendable)
        #expect(field.note == "Could not check this here; the server will check it.")
        #expect(field.error == nil)
    }

    /// Long input is kept as typed and refused by name, never cut: a cut password or email would not be
    /// the one the user gave.
    @Test func longInputIsKeptAndRefusedNotCut() {
        var store = FlowStore(FlowState(settings: FlowSettings(), step: .signInStart(SignInForm())))
        let long = String(repeating: "x", count: 1000)
        store.send(.fieldEdited(.password, long)) { $0.signIn { $0.password = Secret(long) } }
        var form = AttributeForm([Self.attribute("displayName", required: true, regex: "^.*$")])
        form.edit("displayName", long)
        form.leave("displayName")
        #expect(form.fields[0].value == long)
        #expect(form.fields[0].error == "Display name is too long (at most 256 characters).")
    }

    /// A well-formed email over the limit is "too long", not "enter an email like…", on every email field.
    @Test func anEmailOverTheLimitIsTooLong() {
        let long = String(repeating: "a", count: 250) + "@contoso.com"
        var store = FlowStore(FlowState(settings: FlowSettings(), step: .signUpStart(SignUpForm(settings: FlowSettings()))))
        store.send(.fieldEdited(.email, long)) { $0.signUp { $0.email = long } }
        store.send(.fieldLeft(.email)) { $0.signUp { $0.emailError = "Email is too long (at most 256 characters)." } }
        var reset = FlowStore(FlowState(settings: FlowSettings(), step: .resetStart(EmailForm(email: long))))
        reset.send(.submitted) { $0.step = .resetStart(EmailForm(email: long, emailError: "Email is too long (at most 256 characters).")) }
        var short = FlowStore(FlowState(settings: FlowSettings(), step: .resetStart(EmailForm(email: "no-at-sign"))))
        short.send(.submitted) {
            $0.step = .resetStart(EmailForm(email: "no-at-sign", emailError: "Enter an email address like name@example.com."))
        }
    }

    /// A required boolean (terms accepted) counts only when ticked.
    @Test func aRequiredToggleMustBeTicked() {
        var form = AttributeForm([Self.attribute("extension_7f3c_termsAccepted", "boolean", required: true)])
        form.leave("extension_7f3c_termsAccepted")
        #expect(form.fields[0].error == "Terms accepted must be ticked.")
        form.edit("extension_7f3c_termsAccepted", "true")
        form.leave("extension_7f3c_termsAccepted")
        #expect(form.fields[0].error == nil)
    }

    @Test func validationOnLeaveAndOnSubmit() {
        let attributes = [Self.attribute("displayName", required: true), Self.attribute("age", "int"),
                          Self.attribute("tier", regex: "^(Gold|Silver)$")]
        var form = AttributeForm(attributes)
        form.edit("age", "forty")
        form.leave("age")
        #expect(form.fields[1].error == "Age must be a whole number.")
        #expect(form.fields[0].error == nil)  // not left yet
        form.edit("tier", "Platinum")
        let valid = form.validateAll()
        #expect(!valid)
        #expect(form.fields.map(\.error) == ["Display name is required.", "Age must be a whole number.", "Choose one of: Gold, Silver."])
        #expect(form.fields.map(\.value) == ["", "forty", "Platinum"])
    }

    @Test func booleansAreSentAsTrueOrFalse() {
        var form = AttributeForm([Self.attribute("newsletter", "Boolean"), Self.attribute("terms", "boolean", required: true),
                                  Self.attribute("city")])
        form.edit("terms", "TRUE")
        let valid = form.validateAll()
        #expect(valid)
        #expect(form.values == ["newsletter": "false", "terms": "true"])
    }
}
