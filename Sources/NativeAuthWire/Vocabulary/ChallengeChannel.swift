/// Where a one-time code is sent (`challenge_channel`); compared case-insensitively as MSAL iOS does.
///
/// Source: docs/protocol.md §N2 (`MSALNativeAuthChannelType`).
public enum ChallengeChannel: WireVocabulary {
    /// `email` and `sms`; `voice` appears only in the register spec and no SDK exposes it (docs/protocol.md §N2).
    case email, sms, voice
    /// Any other channel string, kept as sent.
    case unknown(String)

    /// The channels decoding recognises, including the spec-only `voice`.
    public static let known: [ChallengeChannel] = [.email, .sms, .voice]
    /// `true`: MSAL iOS compares channels ignoring case (docs/protocol.md §N2).
    public static var caseInsensitive: Bool { true }

    /// The lower-case wire string, or the unknown one as sent.
    public var wireValue: String {
        switch self {
        case .email: "email"
        case .sms: "sms"
        case .voice: "voice"
        case .unknown(let value): value
        }
    }
}
