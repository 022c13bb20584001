// Steps hold continuation tokens (the interactive ones a device code or a PKCE verifier), which are secrets, and a step can travel inside an error
// (`NativeAuthError.furtherStepRequired`): `dump`, debuggers and crash reports see what the user
// chooses from, never a token.

extension SignUpCodeStep: CustomReflectable {
    /// Where the code went; no token.
    public var customMirror: Mirror { Mirror(self, children: ["delivery": delivery]) }
}

extension SignUpPasswordStep: CustomReflectable {
    /// Only the type: what the step holds is a token and the flow it continues.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension SignUpAttributesStep: CustomReflectable {
    /// Only the type: what the step holds is a token and the flow it continues.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension SignInAfterSignUpStep: CustomReflectable {
    /// Only the type: what the step holds is a token and the flow it continues.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension SignInCodeStep: CustomReflectable {
    /// Where the code went; no token.
    public var customMirror: Mirror { Mirror(self, children: ["delivery": delivery]) }
}

extension MFARequiredStep: CustomReflectable {
    /// The user's methods; no token.
    public var customMirror: Mirror { Mirror(self, children: ["methods": methods]) }
}

extension MFASelectionStep: CustomReflectable {
    /// The methods to choose from; no token.
    public var customMirror: Mirror { Mirror(self, children: ["methods": methods]) }
}

extension VerificationStep: CustomReflectable {
    /// Where the code went; no token.
    public var customMirror: Mirror { Mirror(self, children: ["delivery": delivery]) }
}

extension StrongAuthRegistrationStep: CustomReflectable {
    /// The methods on offer; no token.
    public var customMirror: Mirror { Mirror(self, children: ["availableMethods": availableMethods]) }
}

extension ResetPasswordCodeStep: CustomReflectable {
    /// Where the code went; no token.
    public var customMirror: Mirror { Mirror(self, children: ["delivery": delivery]) }
}

extension ResetPasswordNewPasswordStep: CustomReflectable {
    /// Only the type: what the step holds is a token and the flow it continues.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension DeviceCodeStep: CustomReflectable {
    /// What the user is shown; never the device code.
    public var customMirror: Mirror {
        Mirror(self, children: ["userCode": userCode, "verificationURI": verificationURI, "expiresOn": expiresOn, "interval": interval])
    }
}

extension BrowserSignInStep: CustomReflectable {
    /// Where the browser returns; never the PKCE verifier, `state` or `nonce`.
    public var customMirror: Mirror { Mirror(self, children: ["redirectURI": redirectURI]) }
}
