import Foundation
import ScenarioFiles

extension ScenarioStep {
    /// The step in a few words for the HTML report: what it does, never what it types that is secret (a password,
    /// a code typed as given); addresses, attribute names and expectations are shown.
    var summary: String {
        switch self {
        case .start(let start):
            var text = "start \(start.flow.rawValue)"
            if let email = start.email { text += " as \(email)" }
            if start.password != nil { text += " with a password" }
            if !start.attributes.isEmpty { text += ", attributes \(start.attributes.keys.sorted().joined(separator: ", "))" }
            return text
        case .answer(.code(let source)):
            switch source {
            case .outbox: return "answer the code from the outbox"
            case .command: return "answer the code from the code command"
            case .mailbox(let address): return "answer the code from the mailbox" + (address.map { " (\($0))" } ?? "")
            case .prompt: return "answer the code typed at the prompt"
            case .value: return "answer a code given in the file"
            }
        case .answer(.password): return "answer a new password"
        case .answer(.attributes(let values)): return "answer attributes \(values.keys.sorted().joined(separator: ", "))"
        case .answer(.method(let method, let contact)): return "answer method \(method)" + (contact.map { " with contact \($0)" } ?? "")
        case .answer(.proceed): return "answer proceed"
        case .answer(.signOut): return "sign out"
        case .answer(.approveDeviceCode(let username)): return "approve the device code as \(username)"
        case .emulator(.advanceClock(let seconds)): return "emulator: advance the clock \(DurationText.seconds(seconds, decimals: 0)) s"
        case .emulator(.fault(let json)):
            return "emulator: fault " + Self.sorted(json: (try? JSONSerialization.jsonObject(with: json)) ?? [:])
        case .emulator(.policy(let patch)):
            return "emulator: policy " + Self.sorted(json: ScenarioFileEncoder.dottedKeys(patch.body))
        case .expect(let expectation):
            let parts: [(String, String?)] = [
                ("step", expectation.step), ("error", expectation.error), ("suberror", expectation.suberror),
                ("aadsts", expectation.aadsts.map(String.init)), ("attributes asked", expectation.attributesAsked?.joined(separator: ", ")),
                ("methods offered", expectation.methodsOffered?.joined(separator: ", ")), ("redirect reason", expectation.redirectReason),
            ]
            return "expect " + parts.compactMap { key, value in value.map { "\(key) \($0)" } }.joined(separator: "; ")
        }
    }

    /// Keys sorted: a parsed dictionary has a per-process order, and shards' reports must agree.
    private static func sorted(json object: Any) -> String {
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data ?? Data(), as: UTF8.self)
    }
}
