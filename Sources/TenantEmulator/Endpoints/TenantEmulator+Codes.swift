import EmailAddresses
import Foundation
import NativeAuthWire

/// One-time codes: issuing, resending and checking them under the policy's `otp` rules.
///
/// The code's own rules (life, single use, wrong entries) are `PendingCode`'s; the flow's are here: how
/// often it may ask for a new code (`resendIntervalSeconds`) and how many it may get (`maxCodesPerFlow`), so
/// the guesses one flow can make stay bounded by `maxAttempts × maxCodesPerFlow`.
extension TenantEmulator {
    /// Sends a fresh code for `session` to `target` (into the outbox).
    ///
    /// A second call for the same target is a resend: refused inside `resendIntervalSeconds`; it replaces the
    /// previous code (whose outbox message then says so). The new code starts with no failures.
    /// - Throws: `invalid_request` 50196 for a resend too soon, or past the flow's `maxCodesPerFlow`;
    ///   `invalid_request` 701014 past `otp.maxCodesPerAddress` for the target (the earlier code stays valid).
    @discardableResult
    func sendCode(_ session: FlowSession, channel: String, target: String, purpose: OutboxMessage.Purpose, now: Date) throws -> PendingCode {
        // A resend names the same target string; folding both (`EmailAddress.same`) is for one written differently.
        if let previous = session.code, previous.target.utf8.elementsEqual(target.utf8) || EmailAddress.same(previous.target, target) {
            let earliest = previous.sentAt.addingTimeInterval(TimeInterval(policyPart(\.otp).resendIntervalSeconds))
            guard now >= earliest else { throw ProtocolError.resendTooSoon }
        }
        guard session.codesSent < policyPart(\.otp).maxCodesPerFlow else { throw ProtocolError.tooManyCodes }
        let otp = policyPart(\.otp)
        guard codesPerAddress.admit(target, limit: otp.maxCodesPerAddress, window: TimeInterval(otp.addressWindowSeconds), now: now) else {
            throw ProtocolError.cannotGenerateMoreCodes
        }
        if let previous = session.code { outbox.settle(previous.outboxID, as: .replaced, at: now) }
        let pending = issueCode(channel: channel, target: target, purpose: purpose, now: now)
        session.code = pending
        session.codesSent += 1
        return pending
    }

    /// A new random code of `otp.length` digits, living `otp.ttlSeconds`, posted to the outbox.
    func issueCode(channel: String, target: String, purpose: OutboxMessage.Purpose, now: Date) -> PendingCode {
        let code = SecureRandom.digits(policyPart(\.otp).length)
        let expiresAt = now.addingTimeInterval(TimeInterval(policyPart(\.otp).ttlSeconds))
        let id = outbox.post(channel: channel, to: target, code: code, purpose: purpose, at: now, expiresAt: expiresAt)
        return PendingCode(code: code, channel: channel, target: target, purpose: purpose, sentAt: now, expiresAt: expiresAt, outboxID: id)
    }

    /// Checks `entered` against `code` and records the outcome in the outbox (used, or exhausted by the last
    /// wrong entry allowed).
    /// - Returns: whether the code was accepted.
    func check(_ entered: String, against code: inout PendingCode, now: Date) -> Bool {
        let maxAttempts = policyPart(\.otp).maxAttempts
        let wasUsable = code.isUsable(at: now, maxAttempts: maxAttempts)
        let accepted = code.check(entered, at: now, maxAttempts: maxAttempts)
        if accepted {
            outbox.settle(code.outboxID, as: .used, at: now)
        } else if wasUsable, code.failures >= maxAttempts {
            outbox.settle(code.outboxID, as: .exhausted, at: now)
        }
        return accepted
    }

    /// Checks `oob` against the pending code; a wrong value counts as a failure and the token stays usable.
    /// - Throws: `invalid_grant` + `invalid_oob_value` for a wrong, expired, used or exhausted code.
    func verifyCode(_ session: FlowSession, _ context: RequestContext) throws {
        let entered = try context.required(.oob)
        guard var pending = session.code else { throw ProtocolError.wrongCode }
        let accepted = check(entered, against: &pending, now: context.now)
        session.code = pending
        guard accepted else { throw ProtocolError.wrongCode }
    }

    /// The oob challenge answer of docs/protocol.md §N3.2 / §N4.2 / §N5.2: token, type, binding, channel, masked label, length.
    func codeSentBody(token: String, code: PendingCode, withInterval: Bool) -> ResponseBody {
        ResponseBody(continuationToken: token, challengeType: .oob, bindingMethod: "prompt",
                     challengeChannel: ChallengeChannel(wireValue: code.channel),
                     challengeTargetLabel: code.channel == "sms" ? PhoneNumber.masked(code.target) : EmailAddress.masked(code.target),
                     codeLength: policyPart(\.otp).length, interval: withInterval ? policyPart(\.otp).resendIntervalSeconds : nil)
    }

    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8), right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
