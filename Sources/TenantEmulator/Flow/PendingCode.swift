import Foundation

/// The one-time code a flow is waiting for.
///
/// Rules (issue 3, NIST SP 800-63B §5.1.3, OWASP ASVS V2.7): single use; dead after `ttlSeconds`;
/// dead after `maxAttempts` wrong entries; a resend replaces it; the failure count survives a resend
/// unless the code it replaces was already dead, so resending cannot buy extra guesses.
struct PendingCode {
    var code: String
    var channel: String
    var target: String
    var purpose: OutboxMessage.Purpose
    var sentAt: Date
    var expiresAt: Date
    var failures: Int
    var used = false

    func isDead(maxAttempts: Int) -> Bool { used || failures >= maxAttempts }
}
