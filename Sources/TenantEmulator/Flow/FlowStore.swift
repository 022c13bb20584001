import Foundation

/// Flow sessions keyed by continuation token. Tokens are 32 random bytes, base64url: opaque, unguessable.
///
/// A success moves the session to a fresh token (the old one stops working); an input error leaves it
/// under the token the client already holds. Only touched under the emulator's lock.
final class FlowStore {
    private var sessions: [String: FlowSession] = [:]
    private var operations = 0

    enum Lookup {
        case found(FlowSession)
        case expired
        case unknown
    }

    func lookup(_ token: String, now: Date) -> Lookup {
        guard let session = sessions[token] else { return .unknown }
        return session.expiresAt <= now ? .expired : .found(session)
    }

    /// Stores `session` under a new token (removing `previous`), renewing its lifetime.
    func issue(_ session: FlowSession, replacing previous: String?, lifetime: TimeInterval, now: Date) -> String {
        if let previous { sessions.removeValue(forKey: previous) }
        let token = SecureRandom.token()
        session.expiresAt = now.addingTimeInterval(lifetime)
        sessions[token] = session
        sweep(now: now)
        return token
    }

    func remove(_ token: String) { sessions.removeValue(forKey: token) }

    func removeAll() { sessions.removeAll() }

    /// Drops sessions that expired over an hour ago (they still answer `expired_token` until then).
    private func sweep(now: Date) {
        operations += 1
        guard operations % 1000 == 0 else { return }
        let cutoff = now.addingTimeInterval(-3600)
        sessions = sessions.filter { $0.value.expiresAt > cutoff }
    }
}
