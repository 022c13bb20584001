import EmailAddresses
import Foundation

/// A one-time code the emulator "sent": codes never leave the process, they land in the outbox.
///
/// JSON shape of `GET /emulator/v1/outbox` items: `{id, channel, to, code, purpose, sentAt, expiresAt, status}`.
public struct OutboxMessage: Sendable, Equatable, Encodable {
    /// Why a code was sent: the flow and step that sent it, by its name in the outbox, and the mail's subject line.
    /// A new step declares its own beside the endpoint that sends it (a `static let` in an extension), not here.
    public struct Purpose: Sendable, Equatable, Encodable, CustomStringConvertible {
        /// The outbox's word for it (`signUp`, `mfa`, …).
        public let rawValue: String
        /// The mail's subject line.
        var subject = "Your account verification code"

        /// Sign-up's email check, first-factor sign-in, MFA, method registration, password reset.
        static let signUp = Purpose(rawValue: "signUp", subject: "Verify your email address"), signIn = Purpose(rawValue: "signIn"),
                   mfa = Purpose(rawValue: "mfa"), registration = Purpose(rawValue: "registration"),
                   passwordReset = Purpose(rawValue: "passwordReset", subject: "Reset your password")

        /// The outbox's word, as printed.
        public var description: String { rawValue }

        public func encode(to encoder: any Encoder) throws { try rawValue.encode(to: encoder) }
    }

    /// What became of a code, so an operator reading the outbox sees why a code was refused.
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Still accepted by its flow.
        case sent
        /// Entered correctly: spent.
        case used
        /// Its `otp.ttlSeconds` passed (on the virtual clock) before it was used.
        case expired
        /// `otp.maxAttempts` wrong entries killed it.
        case exhausted
        /// A resend sent a newer code in its place.
        case replaced
    }

    /// 1, 2, 3… in sending order; not reused after the outbox is emptied.
    public let id: Int
    /// `email` or `sms`.
    public let channel: String
    /// The unmasked address or phone number.
    public let to: String
    /// The code in clear: `otp.length` digits.
    public let code: String
    /// Which flow sent it.
    public let purpose: Purpose
    /// ISO 8601 virtual time.
    public let sentAt: String
    /// ISO 8601 virtual time after which the code is refused (`sentAt` + `otp.ttlSeconds`).
    public let expiresAt: String
    /// What became of it, as of the moment the outbox was read.
    public internal(set) var status: Status

    /// The masked target, as shown in `challenge_target_label` and on the emulator's stdout.
    public var maskedTarget: String {
        channel == "sms" ? PhoneNumber.masked(to) : EmailAddress.masked(to)
    }
}
