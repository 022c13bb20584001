import TophhieCloudAuthentication

/// How a strong authentication method is described to the user.
enum MethodDescription {
    /// Said once under the list, in plain words: codes sent by email, text or call are "restricted"
    /// authenticators in NIST SP 800-63B §5.1.3.3 (they can be intercepted or redirected).
    static let codesNote = "Codes sent by email, text or phone call are accepted, but they are less safe than an "
        + "authenticator app or a passkey: someone who gets hold of your email or phone could receive them."

    static func channelName(_ channel: ChallengeChannel) -> String {
        switch channel {
        case .email: "Email"
        case .sms: "Text message (SMS)"
        case .voice: "Voice call"
        case .unknown(let value): value
        }
    }
}
