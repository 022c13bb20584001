/// Where a one-time code is sent (`challenge_channel`); compared case-insensitively as MSAL iOS does.
///
/// Source: docs/protocol.md §N2 (`MSALNativeAuthChannelType`).
public enum ChallengeChannel: WireVocabulary {
    /// `email` and `sms`; `voice` appears only in the register spec and no SDK exposes it (docs/protocol.md §N2).
    case email, sms, voice
    /// Any other channel string, kept as sent.
    case unknown(String)

    /// The channels decoding recognises, including the spec-only `voice`.
    public enum Known: String, CaseIterable, Sendable {
        case email = "email"
        case sms = "sms"
        case voice = "voice"
    }

    /// The case for a documented wire string.
    public init(_ known: Known) {
        self = switch known {
        case .email: .email
        case .sms: .sms
        case .voice: .voice
        }
    }

    /// `true`: MSAL iOS compares channels ignoring case (docs/protocol.md §N2).
    public static var caseInsensitive: Bool { true }
}
