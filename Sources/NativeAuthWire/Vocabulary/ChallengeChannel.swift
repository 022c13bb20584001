/// Where a one-time code is sent (`challenge_channel`); compared case-insensitively as MSAL iOS does.
///
/// Source: native-auth API reference §2 (`MSALNativeAuthChannelType`).
public enum ChallengeChannel: WireVocabulary {
    case email, sms, voice
    case unknown(String)

    public static let known: [ChallengeChannel] = [.email, .sms, .voice]
    public static var caseInsensitive: Bool { true }

    public var wireValue: String {
        switch self {
        case .email: "email"
        case .sms: "sms"
        case .voice: "voice"
        case .unknown(let value): value
        }
    }
}
