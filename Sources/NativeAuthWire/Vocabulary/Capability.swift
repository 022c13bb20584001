/// A capability the app declares it can render (`capabilities`, space-separated).
///
/// Declaring one commits the app to handling its branch; without it the server redirects.
/// Source: docs/protocol.md §N1.4, §N3.6, §N3.7.
public enum Capability: WireVocabulary {
    /// `mfa_required`: the app can run MFA (docs/protocol.md §N3.6); `registration_required`: it can register a strong
    /// method (docs/protocol.md §N3.7).
    case mfaRequired, registrationRequired
    /// Any other capability string, kept as sent.
    case unknown(String)

    /// The two documented capabilities (docs/protocol.md §N2).
    public enum Known: String, CaseIterable, Sendable {
        case mfaRequired = "mfa_required"
        case registrationRequired = "registration_required"
    }

    /// The case for a documented wire string.
    public init(_ known: Known) {
        self = switch known {
        case .mfaRequired: .mfaRequired
        case .registrationRequired: .registrationRequired
        }
    }
}
