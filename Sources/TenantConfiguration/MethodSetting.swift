/// One authentication method's configuration in the tenant's authentication methods policy (email OTP, SMS).
///
/// Source: https://learn.microsoft.com/graph/api/resources/emailauthenticationmethodconfiguration,
/// https://learn.microsoft.com/graph/api/resources/smsauthenticationmethodconfiguration
public struct MethodSetting: Codable, Equatable, Sendable {
    /// `state`: `enabled` or `disabled`.
    public var state: String
    /// `allowExternalIdToUseEmailOtp` (email only): `default`, `enabled`, `disabled`.
    public var allowExternalIdToUseEmailOtp: String?
    /// `includeTargets[].id`, sorted: `all_users` or group object ids.
    public var includeTargets: [String]

    public init(state: String, allowExternalIdToUseEmailOtp: String? = nil, includeTargets: [String]) {
        self.state = state
        self.allowExternalIdToUseEmailOtp = allowExternalIdToUseEmailOtp
        self.includeTargets = includeTargets
    }

    /// `state == "enabled"`.
    public var enabled: Bool { state == "enabled" }
}
