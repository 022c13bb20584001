/// Every Microsoft Graph read a tenant snapshot makes: version, path, the delegated permission it needs and
/// the public page that documents it (listed in docs/tenant-snapshot.md). The client builds its requests and the
/// emulator routes them from this one list.
public enum GraphConfigurationRead: String, CaseIterable, Sendable {
    case signUpFlows, flowApplications, userFlowAttributes, emailOtp, sms, applications, nativeAuthentication, mfaPolicies

    /// `v1.0` or `beta`.
    public var version: String { self == .nativeAuthentication ? "beta" : "v1.0" }

    /// The path after the version; `{id}` stands for a flow's id.
    public var path: String {
        switch self {
        case .signUpFlows: "/identity/authenticationEventsFlows"
        case .flowApplications: "/identity/authenticationEventsFlows/{id}/conditions/applications/includeApplications"
        case .userFlowAttributes: "/identity/userFlowAttributes"
        case .emailOtp: "/policies/authenticationMethodsPolicy/authenticationMethodConfigurations/email"
        case .sms: "/policies/authenticationMethodsPolicy/authenticationMethodConfigurations/sms"
        case .applications, .nativeAuthentication: "/applications"
        case .mfaPolicies: "/identity/conditionalAccess/policies"
        }
    }

    /// The query sent, if any (`$select` keeps the answer to what the snapshot needs).
    public var query: String? {
        switch self {
        case .applications: "$select=appId,isFallbackPublicClient,publicClient,spa,web"
        case .nativeAuthentication: "$select=appId,nativeAuthenticationApisEnabled"
        case .signUpFlows, .flowApplications, .userFlowAttributes, .emailOtp, .sms, .mfaPolicies: nil
        }
    }

    /// The least privileged delegated permission (scope) the operator's token needs.
    public var scope: String {
        switch self {
        case .signUpFlows, .flowApplications: "EventListener.Read.All"
        case .userFlowAttributes: "IdentityUserFlow.Read.All"
        case .emailOtp, .sms: "Policy.Read.AuthenticationMethod"
        case .applications, .nativeAuthentication: "Application.Read.All"
        case .mfaPolicies: "Policy.Read.All"
        }
    }

    /// The public Graph reference page of the request.
    public var source: String {
        switch self {
        case .signUpFlows: "https://learn.microsoft.com/graph/api/identitycontainer-list-authenticationeventsflows"
        case .flowApplications: "https://learn.microsoft.com/graph/api/authenticationconditionsapplications-list-includeapplications"
        case .userFlowAttributes: "https://learn.microsoft.com/graph/api/identityuserflowattribute-list"
        case .emailOtp: "https://learn.microsoft.com/graph/api/emailauthenticationmethodconfiguration-get"
        case .sms: "https://learn.microsoft.com/graph/api/smsauthenticationmethodconfiguration-get"
        case .applications: "https://learn.microsoft.com/graph/api/application-list"
        case .nativeAuthentication: "https://learn.microsoft.com/graph/api/resources/application?view=graph-rest-beta"
        case .mfaPolicies: "https://learn.microsoft.com/graph/api/conditionalaccessroot-list-policies"
        }
    }

    /// What the part is, in words, for "not read" notes.
    public var title: String {
        switch self {
        case .signUpFlows: "the sign-up user flows"
        case .flowApplications: "the applications a user flow serves"
        case .userFlowAttributes: "the user flow attributes"
        case .emailOtp: "the email OTP method"
        case .sms: "the SMS method"
        case .applications: "the application registrations"
        case .nativeAuthentication: "native authentication per application (Graph beta)"
        case .mfaPolicies: "the conditional access policies"
        }
    }
}
