import Localization
import TophhieCloudAuthentication

// Pure mappings from framework values to the flow's. The answers of native-auth steps are mapped where each step
// is kept, in `Sources/AccountFlowLive/`.

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
        case .pollTimedOut: .networkFailure(tr("reset.pollTimedOut"))
        case .other(let error): error
        }
    }
}
