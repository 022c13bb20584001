import TophhieCloudAuthentication

// Key paths into `LiveStep`, so the runner can ask for "the current step of this kind" in one place.
extension LiveStep {
    var signUpCode: SignUpCodeStep? { if case .signUpCode(let step) = self { step } else { nil } }
    var signUpPassword: SignUpPasswordStep? { if case .signUpPassword(let step) = self { step } else { nil } }
    var signUpAttributes: SignUpAttributesStep? { if case .signUpAttributes(let step) = self { step } else { nil } }
    var signInAfterSignUp: SignInAfterSignUpStep? { if case .signInAfterSignUp(let step) = self { step } else { nil } }
    var signInCode: SignInCodeStep? { if case .signInCode(let step) = self { step } else { nil } }
    var verification: VerificationStep? { if case .verification(let step) = self { step } else { nil } }
    var registration: StrongAuthRegistrationStep? { if case .registration(let step) = self { step } else { nil } }
    var resetCode: ResetPasswordCodeStep? { if case .resetCode(let step) = self { step } else { nil } }
    var resetNewPassword: ResetPasswordNewPasswordStep? { if case .resetNewPassword(let step) = self { step } else { nil } }
    var signInAfterReset: SignInAfterResetStep? { if case .signInAfterReset(let step) = self { step } else { nil } }
}
