import Foundation
import TenantEmulator

/// A ``ScenarioFile`` as JSON that ``ScenarioFileParser`` reads back to the same steps (what `--record-scenario`
/// writes). Keys sorted and indented, so a recording reviews well in a diff. A real tenant's `mailbox` is not
/// written (the console records none).
package enum ScenarioFileEncoder {
    /// - Parameter schema: the `$schema` reference to write (the shipped schema's path or URL), if any.
    static func data(_ file: ScenarioFile, schema: String? = nil) -> Data {
        var root: [String: Any] = ["tenant": tenant(file.tenant), "scenarios": file.scenarios.map(scenario)]
        if let schema { root["$schema"] = schema }
        if let comment = file.comment { root["$comment"] = comment }
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return data + Data("\n".utf8)
    }

    private static func tenant(_ tenant: ScenarioTenant) -> [String: Any] {
        switch tenant {
        case .emulator(let preset):
            return ["emulator": preset]
        case .real(let target, let codeCommand, let caFile, _):
            var object: [String: Any] = ["authority": target.authority.absoluteString, "clientId": target.clientID,
                                         "capabilities": target.capabilities, "challengeTypes": target.challengeTypes]
            if let codeCommand { object["codeCommand"] = codeCommand }
            if let caFile { object["caFile"] = caFile }
            return object
        }
    }

    private static func scenario(_ scenario: Scenario) -> [String: Any] {
        ["name": scenario.name, "timeoutSeconds": Int(scenario.timeout), "steps": scenario.steps.map(step)]
    }

    static func step(_ step: ScenarioStep) -> [String: Any] {
        switch step {
        case .start(let start):
            var object: [String: Any] = ["flow": start.flow.rawValue]
            if let email = start.email { object["email"] = email }
            if let source = start.password { object["password"] = secret(source) }
            if !start.attributes.isEmpty { object["attributes"] = start.attributes }
            return ["start": object]
        case .answer(let answer):
            return ["answer": self.answer(answer)]
        case .emulator(let action):
            return ["emulator": emulator(action)]
        case .expect(let expectation):
            let object: [String: Any?] = ["step": expectation.step, "error": expectation.error, "suberror": expectation.suberror,
                                          "aadsts": expectation.aadsts, "attributesAsked": expectation.attributesAsked,
                                          "methodsOffered": expectation.methodsOffered, "redirectReason": expectation.redirectReason]
            return ["expect": object.compactMapValues { $0 }]
        }
    }

    /// A password as the file spells it: the text, or `{"env": NAME}`.
    private static func secret(_ source: PasswordSource) -> Any {
        switch source {
        case .value(let text): text
        case .environment(let name): ["env": name]
        }
    }

    private static func answer(_ answer: Answer) -> [String: Any] {
        switch answer {
        case .code(let source):
            let code: Any = switch source {
            case .outbox: "outbox"
            case .command: "command"
            case .prompt: "prompt"
            case .mailbox(nil): "mailbox"
            case .mailbox(let address?): ["mailbox": address]
            case .value(let value): ["value": value]
            }
            return ["code": code]
        case .password(let source): return ["password": secret(source)]
        case .attributes(let values): return ["attributes": values]
        case .method(let name, let contact):
            var object: [String: Any] = ["method": name]
            if let contact { object["contact"] = contact }
            return object
        case .proceed: return ["proceed": true]
        case .signOut: return ["signOut": true]
        case .approveDeviceCode(let username): return ["approveDeviceCode": username]
        }
    }

    private static func emulator(_ action: EmulatorAction) -> [String: Any] {
        switch action {
        case .advanceClock(let seconds): return ["advanceClock": Int(seconds)]
        case .fault(let body): return ["fault": (try? JSONSerialization.jsonObject(with: body)) ?? [:]]
        case .policy(let patch): return ["policy": dottedKeys(patch.body)]
        }
    }

    /// `{"mfa": {"required": true}, "clients": […]}` → `{"mfa.required": true, "clients": […]}`: a scenario's spelling.
    package static func dottedKeys(_ body: [String: Any]) -> [String: Any] {
        var keys: [String: Any] = [:]
        for (section, value) in body {
            guard let fields = value as? [String: Any] else { keys[section] = value; continue }
            for (field, inner) in fields { keys["\(section).\(field)"] = inner }
        }
        return keys
    }
}
