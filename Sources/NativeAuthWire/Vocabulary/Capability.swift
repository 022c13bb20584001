/// A capability the app declares it can render (`capabilities`, space-separated).
///
/// Declaring one commits the app to handling its branch; without it the server redirects.
/// Source: native-auth API reference §1.4, §3.6, §3.7.
public enum Capability: WireVocabulary {
    case mfaRequired, registrationRequired
    case unknown(String)

    public static let known: [Capability] = [.mfaRequired, .registrationRequired]

    public var wireValue: String {
        switch self {
        case .mfaRequired: "mfa_required"
        case .registrationRequired: "registration_required"
        case .unknown(let value): value
        }
    }
}
