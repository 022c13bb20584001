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
    }

    /// Upper case, without spaces and hyphens: how a typed user code is looked up.
    static func normalizedUserCode(_ text: String) -> String {
        String(text.uppercased().filter { $0.isLetter || $0.isNumber })
    }
}
