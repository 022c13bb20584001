/// A conditional access policy that requires multifactor authentication (`grantControls.builtInControls` holds `mfa`)
/// for the snapshot's applications or for all of them.
///
/// Source: https://learn.microsoft.com/graph/api/resources/conditionalaccesspolicy
public struct MFAPolicy: Codable, Equatable, Sendable {
    /// `displayName`: the policy's key in a diff.
    public var name: String
    /// `state`: `enabled`, `disabled`, `enabledForReportingButNotEnforced`.
    public var state: String
    /// `conditions.applications.includeApplications`, sorted (`All` or app ids).
    public var includeApplications: [String]
    /// `conditions.applications.excludeApplications`, sorted.
    public var excludeApplications: [String]
    /// `conditions.users.includeUsers`, sorted (`All`, `GuestsOrExternalUsers`, object ids).
    public var includeUsers: [String]
    /// `conditions.users.excludeUsers`, sorted.
    public var excludeUsers: [String]

    public init(name: String, state: String, includeApplications: [String], excludeApplications: [String],
                includeUsers: [String], excludeUsers: [String]) {
        self.name = name
        self.state = state
        self.includeApplications = includeApplications
        self.excludeApplications = excludeApplications
        self.includeUsers = includeUsers
        self.excludeUsers = excludeUsers
    }

    /// Whether it applies to `appId` when enforced: enabled, and the app (or `All`) included and not excluded.
    public func enforced(for appId: String) -> Bool {
        state == "enabled" && (includeApplications.contains("All") || includeApplications.contains(appId))
            && !excludeApplications.contains(appId)
    }
}
