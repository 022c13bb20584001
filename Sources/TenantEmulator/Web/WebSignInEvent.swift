import NativeAuthWire

/// What the user did on a sign-in page, decoded from the posted form.
enum WebSignInEvent {
    case userCodeEntered(String)
    case usernameEntered(String)
    case passwordEntered(String)
    case codeEntered(String)
    case cancelled

    /// The event a form post carries for `step`: `action=cancel` cancels; otherwise the step's own field
    /// (a missing field reads as empty, which the step refuses with a message).
    init(form: FormBody, step: WebSignInStep) {
        if form["action"] == "cancel" {
            self = .cancelled
            return
        }
        switch step {
        case .userCode: self = .userCodeEntered(form["user_code"] ?? "")
        case .username: self = .usernameEntered(form["username"] ?? "")
        case .password: self = .passwordEntered(form["password"] ?? "")
        case .emailCode, .mfaCode: self = .codeEntered(form["code"] ?? "")
        }
    }
}
