import TophhieCloudAuthentication

/// The framework step the flow stands on: the runner keeps it so the pure state never holds a
/// continuation token.
enum LiveStep: Sendable {
    case signUpCode(SignUpCodeStep)
    case signUpPassword(SignUpPasswordStep)
    case signUpAttributes(SignUpAttributesStep)
    case signInAfterSignUp(SignInAfterSignUpStep)
    case signInCode(SignInCodeStep)
    case mfa(MFARequiredStep)
    case mfaSelection(MFASelectionStep)
    case verification(VerificationStep)
    case registration(StrongAuthRegistrationStep)
    case resetCode(ResetPasswordCodeStep)
    case resetNewPassword(ResetPasswordNewPasswordStep)
    case signInAfterReset(SignInAfterResetStep)

    /// The step a sign-in answer leads to, if it has one.
    init?(_ step: NativeSignInStep) {
        switch step {
        case .completed: return nil
        case .codeRequired(let code): self = .signInCode(code)
        case .mfaRequired(let mfa): self = .mfa(mfa)
        case .strongAuthRegistrationRequired(let registration): self = .registration(registration)
        }
    }

    init?(_ step: SignUpStep) {
        switch step {
        case .passwordRequired(let password): self = .signUpPassword(password)
        case .attributesRequired(_, let attributes): self = .signUpAttributes(attributes)
        case .completed(let signIn): self = .signInAfterSignUp(signIn)
        }
    }

    /// The step that takes a code, for resends.
    var codeStep: (any CodeEntryStep)? {
        switch self {
        case .signUpCode(let step): step
        case .signInCode(let step): step
        case .verification(let step): step
        case .resetCode(let step): step
        default: nil
        }
    }
}
