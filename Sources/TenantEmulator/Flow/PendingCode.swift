import Foundation

/// The one-time code a flow is waiting for, with the rules that belong to the code itself.
///
/// Rules of a code (NIST SP 800-63B §5.1.3.2, OWASP ASVS V2.7): single use; dead after `otp.ttlSeconds`;
/// dead after `otp.maxAttempts` wrong entries. Each code is a new random secret, so wrong entries against an
/// earlier code say nothing about it and it starts with no failures. What bounds guessing across codes is the
/// flow's: at most `otp.maxCodesPerFlow` codes, one per `otp.resendIntervalSeconds` (`sendCode`).
struct PendingCode {
    let code: String
    let channel: String
    let target: String
    let purpose: OutboxMessage.Purpose
    let sentAt: Date
    let expiresAt: Date
    /// Its message in the outbox, settled as used or exhausted.
    let outboxID: Int
    private(set) var failures = 0
    private(set) var used = false

    /// Whether a correct entry at `now` would still be accepted.
    func isUsable(at now: Date, maxAttempts: Int) -> Bool {
        !used && failures < maxAttempts && now < expiresAt
    }

    /// Checks `entered` in constant time; a wrong value counts as a failure, a right one spends the code.
    /// - Returns: whether it was accepted (never for a code that is no longer usable).
    mutating func check(_ entered: String, at now: Date, maxAttempts: Int) -> Bool {
        guard isUsable(at: now, maxAttempts: maxAttempts) else { return false }
        guard TenantEmulator.constantTimeEqual(entered, code) else {
            failures += 1
            return false
        }
        used = true
        return true
    }
}
