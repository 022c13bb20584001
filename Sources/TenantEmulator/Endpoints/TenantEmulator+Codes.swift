import Foundation
import NativeAuthWire

/// One-time codes: issuing, resending and checking them under the policy's `otp` rules.
extension TenantEmulator {
    /// Sends a fresh code for `session` to `target` (into the outbox).
    ///
    /// A second call for the same target is a resend: refused inside `resendIntervalSeconds`, it replaces the
    /// previous code and keeps the failure count unless that code was already dead.
    @discardableResult
    func sendCode(_ session: FlowSession, channel: String, target: String, purpose: OutboxMessage.Purpose, now: Date) throws -> PendingCode {
        var failures = 0
        if let previous = session.code, previous.target.lowercased() == target.lowercased() {
            let earliest = previous.sentAt.addingTimeInterval(TimeInterval(policy.otp.resendIntervalSeconds))
            guard now >= earliest else { throw ProtocolError.resendTooSoon }
            failures = previous.isDead(maxAttempts: policy.otp.maxAttempts) ? 0 : previous.failures
        }
        let code = SecureRandom.digits(policy.otp.length)
        let pending = PendingCode(code: code, channel: channel, target: target, purpose: purpose, sentAt: now,
                                  expiresAt: now.addingTimeInterval(TimeInterval(policy.otp.ttlSeconds)), failures: failures)
        session.code = pending
        outbox.post(channel: channel, to: target, code: code, purpose: purpose, at: now)
        return pending
    }

    /// Checks `oob` against the pending code; a wrong value counts as a failure and the token stays usable.
    /// - Throws: `invalid_grant` + `invalid_oob_value` for a wrong, expired, used or exhausted code.
    func verifyCode(_ session: FlowSession, _ context: RequestContext) throws {
        let entered = try context.required(.oob)
        guard var pending = session.code, !pending.isDead(maxAttempts: policy.otp.maxAttempts), context.now < pending.expiresAt else {
            throw ProtocolError.wrongCode
        }
        guard Self.constantTimeEqual(entered, pending.code) else {
            pending.failures += 1
            session.code = pending
            throw ProtocolError.wrongCode
        }
        pending.used = true
        session.code = pending
    }

    /// The oob challenge answer of §3.2 / §4.2 / §5.2: token, type, binding, channel, masked label, length.
    func codeSentBody(token: String, code: PendingCode, withInterval: Bool) -> ResponseBody {
        ResponseBody(continuationToken: token, challengeType: .oob, bindingMethod: "prompt",
                     challengeChannel: ChallengeChannel(wireValue: code.channel),
                     challengeTargetLabel: code.channel == "sms" ? PhoneNumber.masked(code.target) : EmailAddress.masked(code.target),
                     codeLength: policy.otp.length, interval: withInterval ? policy.otp.resendIntervalSeconds : nil)
    }

    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8), right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
