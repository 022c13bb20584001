import TophhieCloudAuthentication

// Pure mappings from the framework's step enums to the flow's summaries, so the effect runner only
// keeps the live step and forwards `progress` / `outcome` in the matching event.

extension SignUpStep {
    /// The summary for ``FlowEvent/signUpAdvanced(_:)``.
    public var progress: SignUpProgress {
        switch self {
        case .passwordRequired(let step): .passwordRequired(step.answer)
        case .attributesRequired(let attributes, let step): .attributesRequired(attributes, step.answer)
        case .completed: .completed
        }
    }
}

extension NativeSignInStep {
    /// The summary for ``FlowEvent/signInAdvanced(_:)``; a completed result loses its tokens here.
    public var progress: SignInProgress {
        switch self {
        case .completed(let result): .completed(SignedInAccount(result))
        case .codeRequired(let step): .codeRequired(step.delivery)
        case .mfaRequired(let step): .mfaRequired(step.methods)
        case .strongAuthRegistrationRequired(let step): .registrationRequired(step.availableMethods)
        }
    }
}

extension MFAChallengeResult {
    /// The summary for ``FlowEvent/mfaChallengeAnswered(_:)``.
    public var outcome: MFAChallengeOutcome {
        switch self {
        case .verificationRequired(let step): .codeSent(step.delivery)
        case .selectionRequired(let methods, _): .selectionRequired(methods)
        }
    }
}

extension StrongAuthChallengeResult {
    /// The summary for ``FlowEvent/registrationAnswered(_:)``.
    public var outcome: RegistrationOutcome {
        switch self {
        case .verificationRequired(let step): .codeSent(step.delivery)
        case .completed(let result): .completed(SignedInAccount(result))
        }
    }
}

extension ProfileSummary {
    /// Every property of `profile`, in display order; sign-in identities as `signInType: issuerAssignedId`.
    public init(_ profile: TophhieCloudUserProfile) {
        self.init(fields: ProfileProperty.allCases.map { property in
            guard property == .identities else { return ProfileFieldSummary(property, profile[property]) }
            return ProfileFieldSummary(property, profile.identities.map { identities in
                identities.map { "\($0.signInType): \($0.issuerAssignedId)" }.joined(separator: ", ")
            })
        })
    }
}

extension PasswordResetError {
    /// The same failure as a `NativeAuthError`, for events shared with other flows
    /// (``FlowEvent/codeResent(_:)``).
    public var nativeAuthError: NativeAuthError {
        switch self {
        case .userNotFound(let details): .userNotFound(details)
        case .userHasNoPassword(let details): .userHasNoPassword(details)
        case .invalidCode(let details): .invalidCode(details)
        case .invalidPassword(let rule, let details): .invalidPassword(rule, details)
        case .resetFailed(let details): .server(details)
        case .pollTimedOut: .networkFailure(errorDescription ?? "The password change is taking too long.")
        case .other(let error): error
        }
    }
}
