import Foundation
import ScenarioFiles
import TenantEmulator

/// The embedded emulator as the console's panel and line commands drive it: the control API
/// (`/emulator/v1/…`, docs/emulator.md called in process, so each action is checked exactly as
/// it is over HTTP and answers with the same messages.
final class EmulatorControl: Sendable {
    private let emulator: TenantEmulator
    /// Told each clock, fault and policy action done (a scenario being recorded).
    private let recording: ScenarioRecording?

    /// A refused action, in the control API's words (e.g. `no user ann@example.com`).
    struct Refusal: LocalizedError, Equatable {
        let message: String
        var errorDescription: String? { message }
    }

    /// One account as the panel lists it.
    struct User: Equatable {
        let email: String
        let hasPassword: Bool
        let methods: Int
    }

    init(emulator: TenantEmulator, recording: ScenarioRecording? = nil) {
        self.emulator = emulator
        self.recording = recording
    }

    /// The emulator's virtual time: what countdowns on screen follow.
    var now: Date { emulator.clock.now }

    /// The policy in force, knobs included.
    var policy: TenantPolicy { emulator.policy }

    /// Moves virtual time forward (codes, continuation tokens and refresh tokens expire by it).
    /// - Parameter seconds: 0 to 31 536 000 (one year), as the control API allows.
    /// - Throws: ``Refusal`` outside that range.
    func advanceClock(seconds: Int) throws {
        try call("POST", "clock", body: ["advanceSeconds": seconds])
        recording?.emulator(.advanceClock(seconds: Double(seconds)))
    }

    /// Queues one fault for the next matching request.
    /// - Parameter endpoint: a native-auth path such as `/signup/v1.0/start`, or `*` for the next one.
    func queueFault(_ kind: Fault.Kind, endpoint: String = "*") throws {
        let body = ["endpoint": endpoint, "kind": kind.rawValue]
        try call("POST", "faults", body: body)
        recording?.emulator(.fault((try? JSONSerialization.data(withJSONObject: body, options: .sortedKeys)) ?? Data()))
    }

    /// Every account, in the store's order.
    func users() throws -> [User] {
        let items = try call("GET", "users") as? [[String: Any]] ?? []
        return items.map { item in
            // The export carries `passwordHash` for password accounts only.
            User(email: item["email"] as? String ?? "", hasPassword: item["passwordHash"] != nil,
                 methods: (item["methods"] as? [Any])?.count ?? 0)
        }
    }

    /// Adds an account; `password` nil makes a code-only account.
    /// - Throws: ``Refusal`` for an implausible address, or when the account already exists.
    func addUser(email: String, password: String?) throws {
        var user: [String: Any] = ["email": email]
        if let password { user["password"] = password }
        let answer = try call("POST", "users", body: [user]) as? [String: Any]
        if (answer?["imported"] as? Int) == 0 { throw Refusal(message: "\(email) already exists") }
        recording?.leaveOut("users added or removed in the emulator panel")
    }

    /// Why the panel cannot add `email`: not an address, or taken; asked before the password.
    func emailProblem(_ email: String) -> String? { emulator.emailProblem(email) }

    /// Why the tenant's password rules refuse `password` for `email`.
    func passwordProblem(_ password: String, email: String) -> String? { emulator.passwordProblem(password, email: email) }

    /// - Throws: ``Refusal`` when there is no such account.
    func removeUser(email: String) throws {
        let path = email.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? email
        try call("DELETE", "users/\(path)")
        recording?.leaveOut("users added or removed in the emulator panel")
    }

    /// Sends `patch` as `PATCH /emulator/v1/tenant` (see ``PolicyToggle/flipped(in:)``).
    /// - Throws: ``Refusal`` naming the key the emulator refused.
    func change(_ patch: PolicyPatch) throws {
        try call("PATCH", "tenant", body: patch.body)
        recording?.emulator(.policy(patch))
    }

    /// - Returns: the decoded JSON answer. - Throws: ``Refusal`` with the control API's `error` text.
    @discardableResult
    private func call(_ method: String, _ route: String, body: Any? = nil) throws -> Any {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let response = emulator.handle(EmulatorRequest(method: method, path: "/emulator/v1/\(route)", body: data))
        let answer = try? JSONSerialization.jsonObject(with: response.body)
        guard response.status == 200 else {
            throw Refusal(message: (answer as? [String: Any])?["error"] as? String ?? "the emulator answered \(response.status)")
        }
        return answer ?? [:]
    }
}
