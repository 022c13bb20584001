import AccountFlow
import Foundation
import Testing
import TophhieCloudAuthentication

/// Printing or dumping the flow's values never shows a password or a code.
@Suite struct RedactionTests {
    @Test func statesEventsAndScreensHideSecrets() {
        var form = SignUpForm(settings: FlowSettings(), email: Sample.email)
        form.password = "Pa55-word-secret"
        form.confirmPassword = "Pa55-word-secret"
        let states = [
            FlowState(settings: FlowSettings(), step: .signUpStart(form)),
            FlowState(settings: FlowSettings(), step: .signInStart(SignInForm(email: Sample.email, password: "Pa55-word-secret"))),
            FlowState(settings: FlowSettings(), step: .codeEntry(CodeEntry(purpose: .signIn, delivery: Sample.delivery, code: "86420864"))),
        ]
        var printed = states.map { String(describing: $0) } + states.map { String(reflecting: $0) }
        printed += states.map { state in var text = ""; dump(state, to: &text); return text }
        printed += states.map { String(describing: $0.screen) }
        printed += [FlowEvent.fieldEdited(.password, "Pa55-word-secret"), .fieldEdited(.code, "86420864")].map { String(describing: $0) }
        for text in printed {
            #expect(!text.contains("Pa55-word-secret") && !text.contains("86420864"), "\(text)")
        }
        #expect(String(describing: FlowEvent.fieldEdited(.email, Sample.email)).contains(Sample.email))
        // What is not secret stays visible where the values are dumped.
        #expect(printed[6].contains(Sample.email), "\(printed[6])")
    }
}
