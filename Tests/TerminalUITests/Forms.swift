import ScreenGallery
import TerminalUI

/// Forms shared by the form and snapshot tests.
enum Forms {
    static let header = FlowScreens.header

    /// A sign-in form: email, password, continue.
    static func signIn() -> FormView {
        FormView(header: header, title: "Sign in",
                 lines: ["Enter your email address and password."],
                 fields: [.text("username", label: "Email"), .password("password", label: "Password")],
                 buttons: [FormButton(id: "continue", title: "Continue"), FormButton(id: "reset", title: "Forgot password")])
    }

    /// A sign-up form with twelve attributes, taller than 24 rows.
    static func twelveAttributes() -> FormView {
        let names = ["Given name", "Surname", "Display name", "Job title", "Department", "Company",
                     "Street address", "City", "State or province", "Postal code", "Country", "Phone"]
        var fields = names.enumerated().map { index, name in
            FormField.text("attr\(index)", label: name, note: index == 9 ? "Five digits, e.g. 98052" : nil)
        }
        fields[1].editor.insert("Müller")
        fields.append(.toggle("newsletter", label: "Newsletter", isOn: true))
        return FormView(header: header, title: "Tell us about yourself",
                        lines: ["Contoso needs a few details to create your account."],
                        fields: fields, buttons: [FormButton(id: "continue", title: "Continue")])
    }

    static func mfaPicker() -> FormView {
        FormView(header: header, title: "Verify it's you",
                 lines: ["Choose where to send a verification code."],
                 fields: [.picker("method", label: "Method", options: [
                     PickerOption(id: "email-1", title: "Email", detail: "j***@contoso.com", note: "good"),
                     PickerOption(id: "sms-1", title: "Text message", detail: "+1 *** *** **52", note: "weaker: SIM swap risk"),
                 ])],
                 buttons: [FormButton(id: "send", title: "Send code")])
    }

    static func codeEntry(secondsLeft: Int) -> FormView {
        FormView(header: header, title: "Enter your code",
                 lines: ["We sent a code to j***@contoso.com."],
                 fields: [.code("code", label: "Code", length: 8)],
                 buttons: [FormButton(id: "verify", title: "Verify"),
                           FormButton(id: "resend", title: "Resend code", isEnabled: secondsLeft == 0)],
                 status: .countdown("You can ask for a new code in", secondsLeft: secondsLeft))
    }
}
