@testable import AccountFlow
@testable import FlowRunner
import Testing
import TophhieCloudAuthentication

/// Line mode's small failures of trust: a value that cannot be cleared, a form asked again without a word why,
/// a name that picks something silently, a default that is not the one the documentation names.
@Suite struct LinePapercutTests {
    /// An optional nickname already filled in, then a required postal code (refused when not five digits, so
    /// Continue keeps the form and its values).
    static func form(nickname: String = "Ada") -> FlowStep {
        var form = AttributeForm([RequiredAttribute(name: "nickname", type: "string", required: false, regex: nil),
                                  RequiredAttribute(name: "postalCode", type: "string", required: true, regex: "^[0-9]{5}$")])
        form.fields[0].value = nickname
        return .attributes(form)
    }

    static func values(_ model: ConsoleModel) -> [String] {
        guard case .attributes(let form) = model.state.step else { return [] }
        return form.fields.map(\.value)
    }

    /// An empty answer keeps a value (a script walks past what it does not change), so `-` clears an optional one,
    /// and the prompt says so.
    @Test func aDashClearsAnOptionalFieldAndThePromptSaysSo() {
        let (model, text) = lineSession(on: Self.form(), input: "-\nx\ncontinue\n")
        #expect(text.contains("Nickname (optional; - clears it) [Ada]: "), "\(text)")
        #expect(Self.values(model) == ["", "x"], "\(text)")
        // Enter still keeps it.
        let (kept, _) = lineSession(on: Self.form(), input: "\nx\ncontinue\n")
        #expect(Self.values(kept) == ["Ada", "x"])
    }

    /// A required field takes `-` as typed: only an optional value may be cleared.
    @Test func aDashInARequiredFieldIsItsValue() {
        let (model, _) = lineSession(on: Self.form(), input: "\n-\ncontinue\n")
        #expect(Self.values(model).last == "-")
    }

    /// A form asked again keeps the password typed the first time when Enter is pressed, and says so; it had
    /// emptied it silently (a new user's trial).
    @Test func aRepeatedFormKeepsThePasswordOnEnter() {
        let form = SignUpForm(email: "ada@example.com", password: "Str0ng!Passw0rd", confirmPassword: "Str0ng!Passw0rd",
                              attributes: AttributeForm([]), message: "The passwords don't match.")
        let (model, text) = lineSession(on: .signUpStart(form), input: "\n\nOther-Passw0rd!\ncreate\n")
        #expect(text.contains("symbols.) (Enter keeps the one typed): "), "\(text)")
        guard case .signUpStart(let after) = model.state.step else { Issue.record("left the form: \(model.state.step)"); return }
        #expect(after.password == "Str0ng!Passw0rd", "\(text)")
    }

    /// The form comes back after a refusal: why is said before its first field is asked again, not at the
    /// field's own prompt after the others were typed once more.
    @Test func aRepeatedFormSaysWhyBeforeAskingAgain() throws {
        let (_, text) = lineSession(on: Self.form(nickname: ""), input: "\nx\ncontinue\n")
        let second = try #require(text.range(of: "== A few more details", options: .backwards), "\(text)")
        let after = text[second.upperBound...]
        let reason = try #require(after.range(of: "  Postal code: "), "no reason on the repeated form:\n\(text)")
        let firstPrompt = try #require(after.range(of: "Nickname (optional): "), "\(text)")
        #expect(reason.lowerBound < firstPrompt.lowerBound, "\(text)")
    }

    /// A short list asked by name: a unique start picks, a shared start is refused with its matches; before, any
    /// answer that was not a number silently kept the old value.
    @Test func aShortPickerTakesANameAndRefusesAnAmbiguousOne() {
        let step = FlowStep.attributes(AttributeForm([
            RequiredAttribute(name: "tier", type: "string", required: true, regex: "^(Gold|Silver|Bronze|Basic)$"),
            RequiredAttribute(name: "postalCode", type: "string", required: true, regex: "^[0-9]{5}$"),
        ]))
        let (model, text) = lineSession(on: step, input: "b\nbr\nx\ncontinue\n")
        #expect(text.contains(#""b" starts 2 choices: 3. Bronze; 4. Basic. Type more of one, or its number."#), "\(text)")
        #expect(Self.values(model) == ["Bronze", "x"], "\(text)")
        let (unknown, unknownText) = lineSession(on: step, input: "platinum\n2\nx\ncontinue\n")
        #expect(unknownText.contains("Type a number from 1 to 4, or the start of a choice's name."), "\(unknownText)")
        #expect(Self.values(unknown) == ["Silver", "x"], "\(unknownText)")
    }

    /// `quit` leaves at every prompt, as at a choice (a text field took it as the value, a new user's trial), and
    /// `\quit` is the way to type the word as a value.
    @Test func quitLeavesAtATextFieldAndBackslashQuitIsTheWord() {
        let (model, text) = lineSession(on: Self.form(), input: "quit\nx\ncontinue\n")
        #expect(model.quitRequested, "\(text)")
        #expect(!text.contains("Postal code"), "quit was taken as a value and the next field asked: \(text)")
        let (escaped, escapedText) = lineSession(on: Self.form(), input: "\\quit\nx\ncontinue\n")
        #expect(!escaped.quitRequested)
        #expect(Self.values(escaped) == ["quit", "x"], "\(escapedText)")
    }

    /// docs/usage.md: the home menu of enrolment mode starts on Sign up. Line mode's Enter takes the same default.
    @Test func lineModesHomeDefaultIsTheFullScreensDefault() {
        let (model, text) = lineSession(on: .home, input: "\n", settings: FlowSettings(enrolmentMode: true))
        #expect(text.contains("Choose 1-4 [2]: "), "\(text)")
        if case .signUpStart = model.state.step {} else { Issue.record("Enter did not take Sign up: \(model.state.step)\n\(text)") }
        let (operator_, operatorText) = lineSession(on: .home, input: "\n")
        #expect(operatorText.contains("Choose 1-6 [1]: "), "\(operatorText)")
        if case .signInStart = operator_.state.step {} else { Issue.record("Enter did not take Sign in: \(operator_.state.step)") }
    }
}
