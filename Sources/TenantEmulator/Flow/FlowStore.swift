import Foundation
import NativeAuthWire

/// Flow sessions keyed by continuation token. A token is base64url of the session's expiry (8 bytes, whole
/// seconds of virtual time) and 32 random bytes: opaque to clients, unguessable.
///
/// A success moves the session to a fresh token (the old one stops working); an input error leaves it
/// under the token the client already holds. Expired sessions are dropped (their memory returns) once the
/// virtual clock has passed their expiry; the token still answers `expired_token` after that, because it
/// carries its own expiry. Only touched under the emulator's lock.
final class FlowStore {
    private var sessions: [String: FlowSession] = [:]
    /// Sweeping walks every session, so it runs at most once a minute of virtual time.
    private var nextSweep = Date.distantPast
    private static let sweepInterval: TimeInterval = 60

    enum Lookup {
        case found(FlowSession)
        case expired
        case unknown
    }

    /// Live sessions held (expired ones count until the next sweep).
    var count: Int { sessions.count }

    func lookup(_ token: String, now: Date) -> Lookup {
        if let session = sessions[token] { return session.expiresAt <= now ? .expired : .found(session) }
        if let expiry = Self.expiry(of: token), expiry <= now { return .expired }
        return .unknown
    }

    /// Stores `session` under a new token (removing `previous`), renewing its lifetime.
    func issue(_ session: FlowSession, replacing previous: String?, lifetime: TimeInterval, now: Date) -> String {
        if let previous { sessions.removeValue(forKey: previous) }
        sweep(now: now)
        session.expiresAt = now.addingTimeInterval(lifetime)
        let token = Self.token(expiringAt: session.expiresAt)
        sessions[token] = session
        return token
    }

    func remove(_ token: String) { sessions.removeValue(forKey: token) }

    func removeAll() { sessions.removeAll() }

    /// Drops the sessions that have expired.
    private func sweep(now: Date) {
        guard now >= nextSweep else { return }
        nextSweep = now.addingTimeInterval(Self.sweepInterval)
        sessions = sessions.filter { $0.value.expiresAt > now }
    }

    /// The expiry rounded down to whole seconds, then 32 random bytes.
    private static func token(expiringAt expiry: Date) -> String {
        let seconds = UInt64(clamping: Int64(expiry.timeIntervalSince1970.rounded(.down)))
        // One buffer: the first 8 random bytes are overwritten with the expiry.
        var bytes = SecureRandom.bytes(40)
        for index in 0..<8 { bytes[index] = UInt8(truncatingIfNeeded: seconds >> (56 - 8 * index)) }
        return Base64URL.encode(bytes)
    }

    /// The expiry a token of ours carries; `nil` for anything else.
    private static func expiry(of token: String) -> Date? {
        guard token.utf8.count == 54, let bytes = Base64URL.decode(token), bytes.count == 40 else { return nil }
        let seconds = bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
