import Foundation
import NativeAuthWire

/// One flow's server-side record, found by its current opaque continuation token.
///
/// A reference type so a failed attempt (wrong code) is remembered while the client keeps using the same
/// token (docs/protocol.md §N1.5 reuse patterns). Only touched under the emulator's lock.
final class FlowSession {
    let clientID: String
    var challengeTypes: [ChallengeType]
    let capabilities: [Capability]
    var username: String
    var userID: String?
    var step: FlowStep
    var expiresAt: Date
    var code: PendingCode?
    /// Codes sent in this flow, resends included (bounded by `otp.maxCodesPerFlow`).
    var codesSent = 0
    /// Sign-up: whether the email has been verified, and what was collected so far.
    var verified = false
    var passwordHash: String?
    var attributes: [String: String] = [:]
    /// Password reset: the accepted new password's hash, applied when the poll sequence succeeds.
    var newPasswordHash: String?
    /// Password reset: where the policy's poll sequence stands; it continues across resubmissions.
    var pollIndex = 0
    /// MFA was passed in this flow (refresh tokens remember it).
    var mfaSatisfied = false

    init(clientID: String, challengeTypes: [ChallengeType], capabilities: [Capability], username: String,
         userID: String?, step: FlowStep, expiresAt: Date) {
        self.clientID = clientID
        self.challengeTypes = challengeTypes
        self.capabilities = capabilities
        self.username = username
        self.userID = userID
        self.step = step
        self.expiresAt = expiresAt
    }
}
