import Foundation

/// An email outbox message as an RFC 5322 message, the way the service mails a one-time code: a
/// `multipart/alternative` body with a plain-text part and an HTML part, both saying `Your code is: CODE`.
///
/// The text is ASCII with CRLF line ends (RFC 5322 §2.1); the subject names the flow that sent it. The
/// `Date` header is the wall clock at delivery, not the virtual clock: a mailbox reader compares it with the
/// moment it asked for the code.
enum OutboxMail {
    /// The sender on every message; `.invalid` (RFC 2606) so no reply can go anywhere.
    static let sender = "Contoso account team <no-reply@emulator.invalid>"

    /// The whole message, headers and body, CRLF line ends.
    /// - Parameters:
    ///   - message: an `email` outbox message.
    ///   - tenant: the tenant's id, for the `Message-ID` domain part's uniqueness.
    ///   - date: when it is delivered (wall clock).
    static func text(of message: OutboxMessage, tenant: String, date: Date) -> String {
        let boundary = "tophhie-\(message.id)-\(UInt64(date.timeIntervalSince1970 * 1000))"
        let lines = [
            "From: \(sender)",
            "To: \(message.to)",
            "Subject: \(message.purpose.subject)",
            "Date: \(rfc5322Date(date))",
            "Message-ID: <\(message.id).\(UInt64(date.timeIntervalSince1970 * 1000))@\(tenant).emulator.invalid>",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            "",
            "--\(boundary)",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: 7bit",
            "",
            "Your code is: \(message.code)",
            "",
            "If you didn't request a code, you can ignore this email.",
            "--\(boundary)",
            "Content-Type: text/html; charset=utf-8",
            "Content-Transfer-Encoding: 7bit",
            "",
            "<html><body><p>Your code is: <b>\(message.code)</b></p></body></html>",
            "--\(boundary)--",
            "",
        ]
        return lines.joined(separator: "\r\n")
    }

    /// `Wed, 02 Dec 2026 09:54:06 +0000` (RFC 5322 §3.3), in English whatever the locale.
    static func rfc5322Date(_ date: Date) -> String { date.utcText("EEE, dd MMM yyyy HH:mm:ss Z") }
}
