import Foundation
import NativeAuthWire
import StrictJSON

/// The control API under `/emulator/v1/`: outbox, users, tenant, clock, faults, device codes, sign-in log. JSON in,
/// JSON out.
/// Errors are `{"error": "<message>"}` with 400 (bad input), 404 (no such route) or 405 (wrong method).
extension TenantEmulator {
    /// The most one `POST /emulator/v1/clock` advances the virtual clock: 365 days, in seconds.
    public static let clockAdvanceLimit = 31_536_000

    func handleControl(_ request: EmulatorRequest) -> EmulatorResponse {
        let route = String(request.path.dropFirst(ControlAPI.prefix.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        switch (request.method, route) {
        case ("GET", "outbox"):
            let messages = outbox.messages(to: request.query["to"].flatMap { $0.isEmpty ? nil : $0 })
            return .json(200, (try? Self.encoder.encode(messages)) ?? Data("[]".utf8))
        case ("DELETE", "outbox"):
            outbox.removeAll()
            return .json(200, object: ["deleted": true])
        case ("GET", "users"):
            do {
                return .json(200, UserExport.data(try store.allUsers()))
            } catch {
                return Self.controlError(500, "cannot read the user store: \(error)")
            }
        case ("POST", "users"):
            return importUsers(request.body)
        case ("DELETE", "users"):
            do {
                try store.deleteAllUsers()
                flows.removeAll()
                interactive.removeAll()
                return .json(200, object: ["deleted": true])
            } catch {
                return Self.controlError(500, "cannot reset the user store: \(error)")
            }
        case ("DELETE", _) where route.hasPrefix("users/"):
            return deleteUser(String(route.dropFirst("users/".count)).removingPercentEncoding ?? "")
        case ("GET", "tenant"):
            return .json(200, object: tenantSummary)
        case ("PATCH", "tenant"):
            return patchPolicy(request.body)
        case ("POST", "clock"):
            guard let object = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any],
                  let number = object["advanceSeconds"] as? NSNumber, !JSONObjectReader.isBoolean(number),
                  number.doubleValue >= 0, number.doubleValue <= Double(Self.clockAdvanceLimit) else {
                return Self.controlError(400, "body must be {\"advanceSeconds\": N} with 0 ≤ N ≤ \(Self.clockAdvanceLimit)")
            }
            clock.advance(by: number.doubleValue)
            return .json(200, object: ["now": ISO8601DateFormatter().string(from: clock.now)])
        case ("POST", "faults"):
            return queueFault(request.body)
        case ("GET", "faults"):
            return .json(200, object: faults.pending.map { ["endpoint": $0.endpoint, "kind": $0.kind.rawValue, "count": $0.count, "seconds": $0.seconds,
                                                            "retryAfter": $0.retryAfter] })
        case ("DELETE", "faults"):
            faults.removeAll()
            return .json(200, object: ["deleted": true])
        case ("GET", "signins"):
            // The sign-in log, newest first, each row in Graph's `signIn` shape (docs/protocol.md §I6.2).
            do {
                return .json(200, object: try store.signIns().map(\.graphJSON))
            } catch {
                return Self.controlError(500, "cannot read the sign-in log: \(error)")
            }
        case ("DELETE", "signins"):
            do {
                try store.deleteSignIns()
                return .json(200, object: ["deleted": true])
            } catch {
                return Self.controlError(500, "cannot clear the sign-in log: \(error)")
            }
        case ("POST", _) where route.hasPrefix("devicecodes/"):
            return finishDeviceCode(route, body: request.body)
        case (_, _) where route.hasPrefix("devicecodes/"):
            return Self.controlError(405, "\(request.method) is not allowed on \(request.path)")
        case (_, "outbox"), (_, "users"), (_, "tenant"), (_, "clock"), (_, "faults"), (_, "signins"):
            return Self.controlError(405, "\(request.method) is not allowed on \(request.path)")
        default:
            return Self.controlError(404, "no control route \(request.path); see docs/emulator.md, \"Control API\"")
        }
    }

    /// `POST devicecodes/{userCode}/approve` with `{"username": "…"}` completes a pending device code as that
    /// user (MFA counts as done: the operator vouches); `POST devicecodes/{userCode}/deny` declines it.
    /// - Returns: 200 `{"userCode", "status": "approved"|"denied"}`; 404 unknown code or action, 409 already
    ///   approved, denied or expired, 400 missing or unknown username. Source: docs/protocol.md §I4.2 (what a poll
    ///   then answers).
    private func finishDeviceCode(_ route: String, body: Data) -> EmulatorResponse {
        let parts = route.split(separator: "/").map(String.init)
        guard parts.count == 3, parts[2] == "approve" || parts[2] == "deny" else {
            return Self.controlError(404, "use POST /emulator/v1/devicecodes/{userCode}/approve or /deny")
        }
        let now = clock.now
        guard let key = interactive.userCodes[InteractiveStore.normalizedUserCode(parts[1])],
              let record = interactive.deviceCodes[key] else {
            return Self.controlError(404, "no device code with user code \(parts[1])")
        }
        guard !record.isFinished, now < record.expiresAt else {
            return Self.controlError(409, "device code \(record.userCode) is already \(record.isFinished ? "finished" : "expired")")
        }
        if parts[2] == "deny" {
            _ = denyDeviceCode(key: key, now: now)
            return .json(200, object: ["userCode": record.userCode, "status": "denied"])
        }
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
              let username = object["username"] as? String, !username.isEmpty else {
            return Self.controlError(400, "body must be {\"username\": \"<email of an existing user>\"}")
        }
        do {
            guard let user = try store.user(email: username) else { return Self.controlError(400, "no user \(username)") }
            _ = try approveDeviceCode(key: key, user: user, mfaSatisfied: true, now: now)
            return .json(200, object: ["userCode": record.userCode, "status": "approved"])
        } catch {
            return Self.controlError(500, "cannot read the user store: \(error)")
        }
    }

    private func importUsers(_ body: Data) -> EmulatorResponse {
        guard let items = (try? JSONSerialization.jsonObject(with: body)) as? [Any] else {
            return Self.controlError(400, "body must be a JSON array of users in the policy's users shape")
        }
        do {
            let users = try items.enumerated().map { index, item in
                try TenantPolicy.parseSeedUser(JSONObjectReader(file: "POST /emulator/v1/users", path: "[\(index)]", value: item),
                                               signUp: policy.signUp, mfa: policy.mfa)
            }
            let before = (try? store.allUsers().count) ?? 0
            try seedUsers(users)
            let after = (try? store.allUsers().count) ?? 0
            return .json(200, object: ["imported": after - before, "skippedExisting": users.count - (after - before)])
        } catch let error as JSONFileError {
            return Self.controlError(400, error.description)
        } catch {
            return Self.controlError(400, "\(error)")
        }
    }

    private func queueFault(_ body: Data) -> EmulatorResponse {
        let kinds = Fault.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
              let endpoint = object["endpoint"] as? String,
              endpoint == "*" || NativeAuthEndpoint.allCases.contains(where: { $0.path == endpoint })
                || Self.graphPaths.contains(where: { $0.lowercased() == endpoint.lowercased() }) else {
            return Self.controlError(400, "endpoint must be a native-auth path such as /signup/v1.0/start, a Graph path "
                                     + "(\(Self.graphPaths.joined(separator: ", "))), or *")
        }
        guard let kindText = object["kind"] as? String, let kind = Fault.Kind(rawValue: kindText) else {
            return Self.controlError(400, "kind must be one of \(kinds)")
        }
        let graph = Self.isGraphPath(endpoint)
        if graph, ![.http429, .http500, .http403, .delay].contains(kind) {
            return Self.controlError(400, "Graph paths take kind http429, http500, http403 or delay")
        }
        if !graph, kind == .http403 {
            return Self.controlError(400, "kind http403 is for Graph paths (\(Self.graphPaths.joined(separator: ", ")))")
        }
        var retryAfter = true
        if let value = object["retryAfter"] {
            guard let flag = value as? NSNumber, JSONObjectReader.isBoolean(flag) else {
                return Self.controlError(400, "retryAfter must be true or false")
            }
            retryAfter = flag.boolValue
        }
        func number(_ key: String, _ fallback: Int) -> Int? {
            guard let value = object[key] else { return fallback }
            guard let number = value as? NSNumber, !JSONObjectReader.isBoolean(number), let int = Int(exactly: number.doubleValue), int >= 0 else { return nil }
            return int
        }
        guard let count = number("count", 1), count >= 1, let seconds = number("seconds", 1), seconds <= 300 else {
            return Self.controlError(400, "count must be a whole number ≥ 1 and seconds from 0 to 300")
        }
        let fault = Fault(endpoint: endpoint, kind: kind, count: count, seconds: seconds, retryAfter: retryAfter)
        faults.add(fault)
        return .json(200, object: ["queued": ["endpoint": endpoint, "kind": kind.rawValue, "count": count, "seconds": seconds,
                                              "retryAfter": retryAfter]])
    }

    /// `GET /emulator/v1/tenant`: every ``PolicyKnob`` (a limit not set is left out) and the lists, in the file's shape.
    var tenantSummary: [String: Any] {
        let p = policy
        var sections: [String: [String: Any]] = [
            "signUp": ["flowName": p.signUp.flowName, "attributes": p.signUp.attributes.map { attribute -> [String: Any] in
                var item: [String: Any] = ["name": attribute.name, "type": attribute.type.rawValue, "required": attribute.required,
                                           "label": attribute.label]
                if let regex = attribute.regex { item["regex"] = regex }
                if let choices = attribute.choices { item["choices"] = choices }
                return item
            }],
            "password": ["banned": p.password.banned], "mfa": ["methods": p.mfa.methods.map(\.rawValue)],
            "passwordReset": ["pollSequence": p.passwordReset.pollSequence.map(\.wireValue)],
            "graph": ["customerWritable": p.graph.customerWritable],
        ]
        for knob in PolicyKnob.all { sections[knob.section, default: [:]][knob.field] = knob.value(p)?.json }
        return (sections as [String: Any]).merging(["tenant": ["name": p.tenant.name, "id": p.tenant.id], "operators": p.operators,
            "clients": p.clients.map { ["clientId": $0.clientID, "nativeAuth": $0.nativeAuth, "publicClient": $0.publicClient,
                                        "challengeTypes": $0.challengeTypes.map(\.wireValue), "redirectUris": $0.redirectURIs] }]) { $1 }
    }

    static func controlError(_ status: Int, _ message: String) -> EmulatorResponse {
        .json(status, object: ["error": message])
    }
}
