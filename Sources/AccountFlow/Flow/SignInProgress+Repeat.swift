extension SignInProgress {
    /// What this answer asks for, when it is the step a code of `purpose` was just sent to answer (field case 013 (docs/field-cases.md):
    /// a first-factor code answered by another code step, an MFA code by `mfa_required`, a registration
    /// code by `registration_required`); `nil` when it moves on.
    func asksAgain(after purpose: CodePurpose) -> String? {
        switch (purpose, self) {
        case (.signIn, .codeRequired): "another one-time code"
        case (.mfa, .mfaRequired): "mfa_required (a second check again)"
        case (.registration, .registrationRequired): "registration_required (a method to register again)"
        default: nil
        }
    }
}

extension CodePurpose {
    /// The code as the failure screen names it: "the sign-in code".
    var codeName: String {
        switch self {
        case .signUp: "sign-up code"
        case .signIn: "sign-in code"
        case .mfa: "verification code"
        case .registration: "code confirming the new method"
        case .resetPassword: "reset code"
        }
    }
}
