import Foundation
import NativeAuthWire

/// Password hashing and checking (PBKDF2) with the tenant's lock released.
///
/// At the default cost one hash takes about a quarter of a second; under the lock every other request of the
/// tenant waited for it (and in the benchmark a core sat idle). Handlers run under the lock: they read what
/// they need, hash here, and once the lock is back they check that no concurrent request with the same
/// continuation token moved the flow on meanwhile, so a token stays single use.
extension TenantEmulator {
    /// Whether `password` matches `hash`, checked with the lock released.
    /// - Throws: `invalid_grant` for the flow's `token` when a concurrent request spent it meanwhile.
    func verifyPassword(_ password: String, against hash: String, flow: (token: String, session: FlowSession), now: Date) throws -> Bool {
        let hasher = self.hasher
        let matches = withLockReleased { hasher.verify(password, against: hash) }
        try confirm(flow, now: now)
        return matches
    }

    /// The hash of a new password that the policy accepts: its rules, then (for an existing user) its history.
    /// The history check and the hash run with the lock released.
    /// - Parameter flow: the continuation token and session the request holds, checked again afterwards;
    ///   `nil` for a flow not stored yet (`signup/start`).
    /// - Throws: the policy's suberror under AADSTS399246 (docs/protocol.md §N4.1, §N7.2); `invalid_grant` when `flow` was spent meanwhile.
    func hashNewPassword(_ password: String, username: String, userID: String?, flow: (token: String, session: FlowSession)?,
                         now: Date) throws -> String {
        if let problem = passwordRuleProblem(password, username: username) { throw problem }
        let history = try userID.map { try store.passwordHistory(userID: $0, limit: policy.password.history) } ?? []
        let hasher = self.hasher
        let hash = withLockReleased { history.contains { hasher.verify(password, against: $0) } ? nil : hasher.hash(password) }
        if let flow { try confirm(flow, now: now) }
        guard let hash else {
            throw Self.passwordRefusal(.passwordRecentlyUsed, "The new password must not be one that was used recently.")
        }
        return hash
    }

    /// Runs `work` with the lock released. Called under the lock (from a handler), which is held again on return,
    /// so whatever the caller read before may have changed.
    private func withLockReleased<T>(_ work: () -> T) -> T {
        lock.unlock()
        defer { lock.lock() }
        return work()
    }

    /// The flow is still under the token the request holds (no concurrent request renewed or ended it).
    private func confirm(_ flow: (token: String, session: FlowSession), now: Date) throws {
        guard case .found(let current) = flows.lookup(flow.token, now: now), current === flow.session else { throw ProtocolError.badToken }
    }
}
