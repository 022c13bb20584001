/// A capability the app declares it can render (`capabilities`, space-separated).
///
/// Declaring one commits the app to handling its branch; without it the server redirects.
/// Source: native-auth API reference §1.4, §3.6, §3.7.
public enum Capability: WireVocabulary {
    /// `mfa_required`: the app can run MFA (§3.6); `registration_required`: it can register a strong
    /// method (§3.7).
    case mfaRequired, registrationRequired
    /// Any other capability string, kept as sent.
    case unknown(String)

    /// The two documented capabilities (§2).
    public static let known: [Capability] = [.mfaRequired, .registrationRequired]

    /// `mfa_required`, `registration_required`, or the unknown string as sent.
    public var wireValue: String {
        switch self {
        case .mfaRequired: "mfa_required"
        case .registrationRequired: "registration_required"
        case .unknown(let value): value
        }
    }
}
