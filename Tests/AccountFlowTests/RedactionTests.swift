import AccountFlow
import Foundation
import Testing
import TophhieCloudAuthentication

/// Printing or dumping the flow's values never shows a password or a code.
@Suite struct RedactionTests {
    static let password = "Pa55-word-secret"
    static let code = "86420864"
    static let userCode = "BCDF-GHJK"

    /// Every step that holds a secret, filled with one: the forms hold them as `Secret`, so nothing but the type
    /// keeps them out of what is printed.
    static let steps: [FlowStep] = {
        var signUp = SignUpForm(settings: FlowSettings(), email: Sample.email)
        signUp.password = Secret(password)
        signUp.confirmPassword = Secret(password)
        let prompt = DeviceCodePrompt(userCode: Secret(userCode), verificationURI: "https://login.contoso.example/device",
                                      expiresOn: Sample.start, interval: 5,
                                      message: Secret("Enter \(userCode) at https://login.contoso.example/device"))
        return [
            .signUpStart(signUp),
            .signInStart(SignInForm(email: Sample.email, password: Secret(password))),
            .codeEntry(CodeEntry(purpose: .signIn, delivery: Sample.delivery, code: Secret(code))),
            .newPassword(NewPasswordForm(purpose: .resetPassword, password: Secret(password), confirmPassword: Secret(password))),
            .deviceCode(DeviceCodeWait(prompt: prompt)),
        ]
    }()

    static func printed(_ value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), dumped]
    }

    @Test func statesEventsAndScreensHideSecrets() {
        let states = Self.steps.map { FlowState(settings: FlowSettings(), step: $0) }
        var printed = states.flatMap(Self.printed) + Self.steps.flatMap(Self.printed)
        // The device-code screen is where its code is shown for use; the form screens mask theirs.
        printed += states.dropLast().map { String(describing: $0.screen) }
        printed += [FlowEvent.fieldEdited(.password, Self.password), .fieldEdited(.code, Self.code)].map { String(describing: $0) }
        // The effects and inputs that carry them to the runner, printed and dumped whole.
        let effects: [FlowEffect] = [
            .startSignUp(email: Sample.email, password: Secret(Self.password), attributes: [:]),
            .startSignIn(email: Sample.email, password: Secret(Self.password)),
            .submit(.code(Secret(Self.code))), .submit(.password(Secret(Self.password))),
        ]
        printed += effects.flatMap(Self.printed)
        printed += [StepInput.code(Secret(Self.code)), .password(Secret(Self.password))].flatMap(Self.printed)
        if case .deviceCode(let wait) = Self.steps[4] { printed.append(String(describing: FlowEvent.deviceCodeIssued(.success(wait.prompt)))) }
        for text in printed {
            for secret in [Self.password, Self.code, Self.userCode] {
                #expect(!text.contains(secret), "\(text)")
            }
        }
        #expect(String(describing: FlowEvent.fieldEdited(.email, Sample.email)).contains(Sample.email))
        // What is not secret stays visible where the values are dumped, and the marker says something was held.
        let dumpedSignUp = Self.printed(states[0])[2]
        #expect(dumpedSignUp.contains(Sample.email) && dumpedSignUp.contains(Secret.marker), "\(dumpedSignUp)")
        #expect(Self.printed(states[4])[2].contains("https://login.contoso.example/device"))
    }
}
