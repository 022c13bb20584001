import Foundation

/// In-memory state of the interactive grants: browser sign-ins, device codes, authorization codes.
///
/// Device and authorization codes are keyed by their SHA-256 so the secrets themselves are not held.
/// Only touched under the emulator's lock.
final class InteractiveStore {
    private(set) var flows: [String: WebSignInFlow] = [:]
    var deviceCodes: [String: DeviceCodeRecord] = [:]
    /// Normalised user code (`ABCDEFGH`) → device-code key.
    var userCodes: [String: String] = [:]
    var authorizationCodes: [String: AuthorizationCodeRecord] = [:]
    /// SHA-256 of an `ESTSAUTH` cookie value → the browser session.
    var sessions: [String: BrowserSession] = [:]

    /// Stores a sign-in under a new random handle.
    func add(_ flow: WebSignInFlow, now: Date) -> String {
        sweep(now: now)
        let handle = SecureRandom.token(byteCount: 24)
        flows[handle] = flow
        return handle
    }

    /// The live sign-in behind `handle`.
    func flow(_ handle: String, now: Date) -> WebSignInFlow? {
        guard let flow = flows[handle], flow.expiresAt > now else { return nil }
        return flow
    }

    func removeFlow(_ handle: String) { flows.removeValue(forKey: handle) }

    /// Drops everything (the control API's user reset).
    func removeAll() {
        flows.removeAll()
        deviceCodes.removeAll()
        userCodes.removeAll()
        authorizationCodes.removeAll()
        sessions.removeAll()
    }

    /// Forgets what expired over an hour ago (expired records still answer `expired_token` until then).
    func sweep(now: Date) {
        let cutoff = now.addingTimeInterval(-3600)
        flows = flows.filter { $0.value.expiresAt > cutoff }
        for (key, record) in deviceCodes where record.expiresAt <= cutoff {
            deviceCodes.removeValue(forKey: key)
            userCodes.removeValue(forKey: Self.normalizedUserCode(record.userCode))
        }
        authorizationCodes = authorizationCodes.filter { $0.value.expiresAt > cutoff }
        sessions = sessions.filter { $0.value.expiresAt > now }
    }

    /// The live session named by the request's `Cookie` header, and its key.
    func session(cookieHeader: String?, now: Date) -> (key: String, session: BrowserSession)? {
        guard let value = Self.cookie(BrowserSessionCookie.name, in: cookieHeader) else { return nil }
        let key = SHA256Digest.hex(value)
        guard let session = sessions[key], session.expiresAt > now else { return nil }
        return (key, session)
    }

    /// The value of cookie `name` in a `Cookie` header (`a=1; b=2`).
    static func cookie(_ name: String, in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == name, !parts[1].isEmpty { return String(parts[1]) }
        }
        return nil
    }

    /// Upper case, without spaces and hyphens: how a typed user code is looked up.
    static func normalizedUserCode(_ text: String) -> String {
        String(text.uppercased().filter { $0.isLetter || $0.isNumber })
    }
}
