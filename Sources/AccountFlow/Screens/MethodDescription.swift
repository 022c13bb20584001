import Localization
import TophhieCloudAuthentication

/// How a strong authentication method is described to the user.
enum MethodDescription {
    /// Said once under the list, in plain words: codes sent by email, text or call are "restricted"
    /// authenticators in NIST SP 800-63B §5.1.3.3 (they can be intercepted or redirected).
    static var codesNote: String { tr("method.codesNote") }

    static func channelName(_ channel: ChallengeChannel) -> String {
        switch channel {
        case .email: tr("method.channel.email")
        case .sms: tr("method.channel.sms")
        case .voice: tr("method.channel.voice")
        case .unknown(let value): value
        }
    }
}
