import TophhieCloudAuthentication

/// How a strong authentication method is described to the user.
enum MethodDescription {
    /// Email and SMS one-time codes are "restricted" authenticators in NIST SP 800-63B §5.1.3.3.
    static let restrictedNote = "One-time codes by email or text are “restricted” authenticators (NIST SP 800-63B): "
        + "accepted here, but weaker than an authenticator app or a passkey."

    static func channelName(_ channel: ChallengeChannel) -> String {
        switch channel {
        case .email: "Email"
        case .sms: "Text message (SMS)"
        case .voice: "Voice call"
        case .unknown(let value): value
        }
    }

    /// The short note beside a method; ``restrictedNote`` explains it.
    static func strengthNote(_ channel: ChallengeChannel) -> String? {
        switch channel {
        case .email, .sms, .voice: "Restricted authenticator (NIST SP 800-63B)"
        case .unknown: nil
        }
    }
}
