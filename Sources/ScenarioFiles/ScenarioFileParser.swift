import AccountFlow
import ConsoleCommandLine
import Foundation
import MailboxCodes
import StrictJSON
import TenantEmulator

/// Parses scenario files strictly: unknown keys, missing values and wrong types are refused with the JSON
/// path of the fault. Shape: `Resources/scenario.schema.json` (docs/usage.md "Scenario runs".
package struct ScenarioFileParser {
    /// Resolves a real tenant's `profile`, `authority` and `clientId` as the other commands do.
    var invocationParser = InvocationParser()

    package init() {}

    /// The step names `expect.step` accepts: the steps a scenario's flows reach (not the operator's and enrolment
    /// screens), in the schema's order.
    static let stepNames = FlowStep.Name.allCases.filter { $0.role.contains(.scenario) }
    static let stepKinds = Set(ScenarioStep.Kind.allCases.map(\.rawValue))
    static let answerKinds = Set(Answer.Kind.allCases.map(\.rawValue))
    static let emulatorKinds = Set(EmulatorAction.Kind.allCases.map(\.rawValue))
    static let expectKeys = Set(Expectation.Key.allCases.map(\.rawValue))

    /// Reads and parses the file at `path`.
    package func load(_ path: String) throws(JSONFileError) -> ScenarioFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw JSONFileError(file: path, path: "(file)", problem: "no such file, or it cannot be read")
        }
        return try parse(data, path: path)
    }

    func parse(_ data: Data, path: String) throws(JSONFileError) -> ScenarioFile {
        let root = try JSONObjectReader.root(of: data, file: path)
        try root.only(["$schema", "$comment", "tenant", "scenarios"])
        let comment = try root.nonEmptyString("$comment")
        guard let tenantReader = try root.object("tenant") else { throw root.failure("tenant", "missing; expected an object") }
        let (tenant, policy) = try parseTenant(tenantReader, folder: URL(fileURLWithPath: path).deletingLastPathComponent())
        guard let items = try root.array("scenarios"), !items.isEmpty else {
            throw root.failure("scenarios", "missing or empty; expected an array of scenarios")
        }
        let scenarios = try items.indices.map { index throws(JSONFileError) in
            try parseScenario(root.element("scenarios", index, of: items), tenant: tenant, policy: policy)
        }
        return ScenarioFile(path: path, comment: comment, tenant: tenant, scenarios: scenarios)
    }

    /// The tenant, with the emulator's policy as loaded (nil for a real tenant).
    private func parseTenant(_ reader: JSONObjectReader, folder: URL) throws(JSONFileError) -> (ScenarioTenant, TenantPolicy?) {
        if let preset = try reader.nonEmptyString("emulator") {
            try reader.only(["emulator"])
            guard TenantPreset.names.contains(preset) || preset.contains("/") || preset.hasSuffix(".json") else {
                throw reader.failure("emulator", "unknown preset; use one of \(TenantPreset.names.joined(separator: ", ")), or a policy file path")
            }
            let resolved = TenantPreset.names.contains(preset) || preset.hasPrefix("/") ? preset : folder.appendingPathComponent(preset).path
            // Loaded once here so a bad policy file is a file error (exit 2), not a failure of every scenario.
            do {
                return (.emulator(preset: resolved), try TenantPreset.resolve(resolved))
            } catch {
                throw reader.failure("emulator", error.message)
            }
        }
        try reader.only(["authority", "clientId", "profile", "capabilities", "challengeTypes", "codeCommand", "caFile", "mailbox"])
        do {
            let target = try invocationParser.target(authority: reader.nonEmptyString("authority"), clientID: reader.nonEmptyString("clientId"),
                                                     profile: reader.nonEmptyString("profile"), capabilities: reader.strings("capabilities"),
                                                     challengeTypes: reader.strings("challengeTypes"))
            return (.real(target, codeCommand: try reader.nonEmptyString("codeCommand"), caFile: try reader.nonEmptyString("caFile"),
                          mailbox: try reader.object("mailbox").map(parseMailbox)), nil)
        } catch let error as JSONFileError {
            throw error
        } catch {
            throw JSONFileError(file: reader.file, path: reader.path, problem: "\(error) (or name \"emulator\": PRESET|FILE)")
        }
    }

    private func parseScenario(_ reader: JSONObjectReader, tenant: ScenarioTenant, policy: TenantPolicy?) throws(JSONFileError) -> Scenario {
        try reader.only(["name", "timeoutSeconds", "steps"])
        let name = try reader.requiredString("name")
        let timeout = try reader.int("timeoutSeconds", in: 1...3600) ?? 60
        guard let items = try reader.array("steps"), !items.isEmpty else { throw reader.failure("steps", "missing or empty; expected an array of steps") }
        let steps = try items.indices.map { index throws(JSONFileError) in
            try parseStep(reader.element("steps", index, of: items), tenant: tenant, policy: policy)
        }
        return Scenario(name: name, timeout: TimeInterval(timeout), steps: steps)
    }

    private func parseStep(_ reader: JSONObjectReader, tenant: ScenarioTenant, policy: TenantPolicy?) throws(JSONFileError) -> ScenarioStep {
        try reader.only(Self.stepKinds)
        guard reader.keys.count == 1, let key = reader.keys.first, let kind = ScenarioStep.Kind(rawValue: key) else {
            throw JSONFileError(file: reader.file, path: reader.path,
                                problem: "expected exactly one of \(ScenarioStep.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let body = try JSONObjectReader(file: reader.file, path: reader.keyPath(key), value: reader.raw(key))
        switch kind {
        case .start: return .start(try parseStart(body))
        case .answer: return .answer(try parseAnswer(body, tenant: tenant))
        case .emulator:
            guard let policy else {
                throw JSONFileError(file: reader.file, path: body.path, problem: "emulator actions need \"tenant\": {\"emulator\": …}")
            }
            return .emulator(try parseEmulatorAction(body, policy: policy))
        case .expect: return .expect(try parseExpectation(body))
        }
    }

    private func parseStart(_ reader: JSONObjectReader) throws(JSONFileError) -> FlowStart {
        try reader.only(["flow", "email", "password", "attributes"])
        let text = try reader.requiredString("flow")
        guard let flow = FlowStart.Flow(rawValue: text) else {
            throw reader.failure("flow", "use \(FlowStart.Flow.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let start = FlowStart(flow: flow, email: try reader.nonEmptyString("email"), password: try parsePassword(reader),
                              attributes: try reader.stringMap("attributes") ?? [:])
        if flow != .deviceCode, start.email == nil { throw reader.failure("email", "missing; \(flow.rawValue) starts with an email") }
        return start
    }

    private func parseAnswer(_ reader: JSONObjectReader, tenant: ScenarioTenant) throws(JSONFileError) -> Answer {
        try reader.only(Self.answerKinds.union(["contact"]))
        let kinds = reader.keys.compactMap(Answer.Kind.init(rawValue:))
        guard kinds.count == 1, let kind = kinds.first else {
            throw JSONFileError(file: reader.file, path: reader.path, problem: "expected exactly one of \(Self.answerKinds.sorted().joined(separator: ", "))")
        }
        if kind != .method, reader.raw("contact") != nil { throw reader.failure("contact", "only with method") }
        switch kind {
        case .code: return .code(try parseCodeSource(reader, tenant: tenant))
        case .password:
            guard let password = try parsePassword(reader) else { throw reader.failure("password", "missing") }
            return .password(password)
        case .attributes: return .attributes(try reader.stringMap("attributes") ?? [:])
        case .method: return .method(try reader.requiredString("method"), contact: try reader.nonEmptyString("contact"))
        case .proceed, .signOut:
            guard let flag = reader.raw(kind.rawValue) as? NSNumber, JSONObjectReader.isBoolean(flag), flag.boolValue else {
                throw reader.failure(kind.rawValue, "expected true")
            }
            return kind == .proceed ? .proceed : .signOut
        case .approveDeviceCode:
            guard case .emulator = tenant else {
                throw reader.failure("approveDeviceCode", "only on the emulator; on a real tenant approve the code yourself")
            }
            return .approveDeviceCode(username: try reader.requiredString("approveDeviceCode"))
        }
    }

    /// `password`: a non-empty string, or `{"env": "NAME"}` (a variable's name: letters, digits and `_`, not first a digit).
    private func parsePassword(_ reader: JSONObjectReader) throws(JSONFileError) -> PasswordSource? {
        guard let object = reader.raw("password") as? [String: Any] else {
            return try reader.nonEmptyString("password", expected: #"a non-empty string or {"env": "NAME"}"#).map(PasswordSource.value)
        }
        let value = try JSONObjectReader(file: reader.file, path: reader.keyPath("password"), value: object)
        try value.only(["env"])
        let name = try value.requiredString("env")
        guard name.range(of: "^[A-Za-z_][A-Za-z0-9_]*$", options: .regularExpression) != nil else {
            throw value.failure("env", "expected an environment variable's name (letters, digits, _)")
        }
        return .environment(name)
    }

    private func parseCodeSource(_ reader: JSONObjectReader, tenant: ScenarioTenant) throws(JSONFileError) -> CodeSource {
        if let object = reader.raw("code") as? [String: Any] {
            let value = try JSONObjectReader(file: reader.file, path: reader.keyPath("code"), value: object)
            try value.only(["value", "mailbox"])
            if let address = try value.nonEmptyString("mailbox") {
                guard value.keys.count == 1 else { throw value.failure("mailbox", "give either value or mailbox") }
                guard case .real(_, _, _, mailbox: _?) = tenant else { throw value.failure("mailbox", "needs the tenant's \"mailbox\"") }
                return .mailbox(address: address)
            }
            return .value(try value.requiredString("value"))
        }
        guard let text = try reader.nonEmptyString("code"), let named = CodeSource.Named(rawValue: text) else {
            throw reader.failure("code", "use \"outbox\" (emulator), \"command\", \"mailbox\", \"prompt\", or {\"value\": \"…\"}")
        }
        let source: CodeSource = switch named {
        case .outbox: .outbox
        case .command: .command
        case .prompt: .prompt
        case .mailbox: .mailbox(address: nil)
        }
        switch (source, tenant) {
        case (.outbox, .real):
            throw reader.failure("code", "\"outbox\" is the emulator's; a real tenant takes \"command\", \"mailbox\" or \"prompt\"")
        case (.command, .emulator), (.command, .real(_, codeCommand: nil, caFile: _, mailbox: _)):
            throw reader.failure("code", "\"command\" needs the tenant's \"codeCommand\"")
        case (.mailbox, .emulator), (.mailbox, .real(_, codeCommand: _, caFile: _, mailbox: nil)):
            throw reader.failure("code", "\"mailbox\" needs the tenant's \"mailbox\"")
        case (.outbox, .emulator), (.command, .real(_, codeCommand: _?, caFile: _, mailbox: _)), (.mailbox, .real(_, codeCommand: _, caFile: _, mailbox: _?)),
             (.prompt, _), (.value, _):
            return source
        }
    }

    /// `tenant.mailbox`: `{"url", "passwordEnv" | "passwordFile", "caFile"?, "pattern"?, "afterReading"?: "seen" | "delete"}`.
    private func parseMailbox(_ reader: JSONObjectReader) throws(JSONFileError) -> MailboxSettings {
        try reader.only(["url", "passwordEnv", "passwordFile", "caFile", "pattern", "afterReading"])
        let url = try reader.requiredString("url")
        let location: MailboxLocation
        do {
            location = try MailboxLocation(url)
        } catch {
            throw reader.failure("url", error.description)
        }
        let password: MailboxPassword
        switch (try reader.nonEmptyString("passwordEnv"), try reader.nonEmptyString("passwordFile")) {
        case (let name?, nil): password = .environment(name)
        case (nil, let path?): password = .file(path)
        case (nil, nil), (_?, _?): throw reader.failure("passwordEnv", "give exactly one of passwordEnv (a variable's name) and passwordFile")
        }
        var pattern: CodePattern?
        if let source = try reader.nonEmptyString("pattern") {
            do {
                pattern = try CodePattern(source)
            } catch {
                throw reader.failure("pattern", error.description)
            }
        }
        var afterReading = MailboxSettings.AfterReading.seen
        if let text = try reader.nonEmptyString("afterReading") {
            guard let value = MailboxSettings.AfterReading(rawValue: text) else { throw reader.failure("afterReading", "use \"seen\" or \"delete\"") }
            afterReading = value
        }
        return MailboxSettings(location: location, password: password, caFile: try reader.nonEmptyString("caFile"), pattern: pattern,
                               afterReading: afterReading)
    }

    private func parseEmulatorAction(_ reader: JSONObjectReader, policy: TenantPolicy) throws(JSONFileError) -> EmulatorAction {
        try reader.only(Self.emulatorKinds)
        guard reader.keys.count == 1, let key = reader.keys.first, let kind = EmulatorAction.Kind(rawValue: key) else {
            throw JSONFileError(file: reader.file, path: reader.path,
                                problem: "expected exactly one of \(EmulatorAction.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        switch kind {
        case .advanceClock:
            return .advanceClock(seconds: Double(try reader.int("advanceClock", in: 0...TenantEmulator.clockAdvanceLimit) ?? 0))
        case .fault:
            guard let fault = try reader.object("fault") else { throw reader.failure("fault", "expected an object") }
            try fault.only(["endpoint", "kind", "count", "seconds", "retryAfter"])
            _ = try fault.requiredString("endpoint")
            _ = try fault.requiredString("kind")
            // The emulator checks the values when the fault is queued (its message names what is allowed).
            guard let object = reader.raw("fault"), let data = try? JSONSerialization.data(withJSONObject: object) else {
                throw reader.failure("fault", "expected an object")
            }
            return .fault(data)
        case .policy:
            guard let object = reader.raw("policy") as? [String: Any], !object.isEmpty else {
                throw reader.failure("policy", "expected an object of policy keys")
            }
            do {
                return .policy(try PolicyPatch(dottedKeys: object, tenant: policy))
            } catch {
                throw reader.failure("policy.\(error.key)", Self.problem(error))
            }
        }
    }

    /// A patch refusal in a scenario file's words (`unknown key; use …`, `expected true or false`).
    private static func problem(_ refusal: PolicyPatch.Refusal) -> String {
        switch refusal.problem {
        case .notSettable:
            "unknown key; use \((PolicyPatch.keys.map(\.key) + PolicyPatch.clientAliases.keys.sorted()).joined(separator: ", "))"
        case .expected(let allowed, let found): "expected \(allowed), found \(found)"
        case .unknownName(let what): "must name \(what)"
        }
    }

    private func parseExpectation(_ reader: JSONObjectReader) throws(JSONFileError) -> Expectation {
        try reader.only(Self.expectKeys)
        guard !reader.keys.isEmpty else {
            throw JSONFileError(file: reader.file, path: reader.path, problem: "expected at least one of \(Self.expectKeys.sorted().joined(separator: ", "))")
        }
        let expectation = Expectation(step: try reader.nonEmptyString("step"), error: try reader.nonEmptyString("error"), suberror: try reader.nonEmptyString("suberror"),
                                      aadsts: try reader.int("aadsts", in: 1...99_999_999), attributesAsked: try reader.strings("attributesAsked"),
                                      methodsOffered: try reader.strings("methodsOffered"), redirectReason: try reader.nonEmptyString("redirectReason"))
        if let step = expectation.step, !Self.stepNames.contains(where: { $0.rawValue == step }) {
            throw reader.failure("step", "unknown step; use \(Self.stepNames.map(\.rawValue).joined(separator: ", "))")
        }
        return expectation
    }
}
