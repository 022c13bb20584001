/// A self-service sign-up user flow (`externalUsersSelfServiceSignUpEventsFlow`): what decides the native-auth
/// sign-up experience. Its Graph id is left out: it differs between tenants and says nothing a diff needs.
///
/// Source: https://learn.microsoft.com/graph/api/resources/externalusersselfservicesignupeventsflow
public struct SignUpFlow: Codable, Equatable, Sendable {
    /// `displayName`: unique in the tenant; the flow's key in a diff.
    public var name: String
    /// `description`, when set.
    public var description: String?
    /// `onAuthenticationMethodLoadStart.identityProviders[].id`, sorted: `EmailPassword-OAUTH` (email with password),
    /// `EmailOtpSignup-OAUTH` (email one-time passcode), social providers.
    public var identityProviders: [String]
    /// `onInteractiveAuthFlowStart.isSignUpAllowed`.
    public var signUpAllowed: Bool
    /// The app ids the flow serves (`conditions/applications/includeApplications`), sorted; a separate read.
    public var applications: SnapshotPart<[String]>
    /// The attribute collection page's inputs, in page order.
    public var attributes: [CollectedAttribute]

    public init(name: String, description: String?, identityProviders: [String], signUpAllowed: Bool,
                applications: SnapshotPart<[String]>, attributes: [CollectedAttribute]) {
        self.name = name
        self.description = description
        self.identityProviders = identityProviders
        self.signUpAllowed = signUpAllowed
        self.applications = applications
        self.attributes = attributes
    }
}
