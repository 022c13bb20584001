import Localization
extension SignInProgress {
    /// What this answer asks for, when it is the step a code of `purpose` was just sent to answer (field case 013 (docs/field-cases.md):
    /// a first-factor code answered by another code step, an MFA code by `mfa_required`, a registration
    /// code by `registration_required`); `nil` when it moves on.
    func asksAgain(after purpose: CodePurpose) -> String? {
        switch self {
        case .completed: nil
        case .codeRequired: purpose == .signIn ? tr("asksAgain.signIn") : nil
        case .mfaRequired: purpose == .mfa ? tr("asksAgain.mfa") : nil
        case .registrationRequired: purpose == .registration ? tr("asksAgain.registration") : nil
        }
    }
}

extension CodePurpose {
    /// The code as the failure screen names it: "the sign-in code".
    var codeName: String {
        switch self {
        case .signUp: tr("code.name.signUp")
        case .signIn: tr("code.name.signIn")
        case .mfa: tr("code.name.mfa")
        case .registration: tr("code.name.registration")
        case .resetPassword: tr("code.name.resetPassword")
        }
    }
}
