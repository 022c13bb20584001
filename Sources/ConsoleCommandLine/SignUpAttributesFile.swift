import Foundation
import TophhieCloudAuthentication

/// `--sign-up-attributes FILE`: the user flow's sign-up attributes, which the console cannot read from a
/// real tenant, so the sign-up screen can offer them up front (field case 011, docs/field-cases.md). The file is a JSON array in the
/// emulator policy's `signUp.attributes[]` shape:
/// `[{"name": "givenName", "type": "string", "required": false, "regex": "^.{1,64}$", "label": "First name"}]`;
/// `type` defaults to `string`, `required` to `false`, `regex` and `label` to none.
enum SignUpAttributesFile {
    private struct Item: Decodable {
        let name: String
        let type: String?
        let required: Bool?
        let regex: String?
        let label: String?
    }

    /// - Throws: `UsageError` naming the file when it cannot be read or is not such an array.
    static func load(_ path: String, readFile: (String) -> Data?) throws -> [RequiredAttribute] {
        guard let data = readFile(path) else { throw UsageError("--sign-up-attributes \(path): no readable file there.") }
        guard let items = try? JSONDecoder().decode([Item].self, from: data), items.allSatisfy({ !$0.name.isEmpty }) else {
            throw UsageError("--sign-up-attributes \(path): not a JSON array of attributes "
                + "([{\"name\": …, \"type\"?, \"required\"?, \"regex\"?, \"label\"?}]).")
        }
        return items.map {
            RequiredAttribute(name: $0.name, type: $0.type ?? "string", required: $0.required ?? false, regex: $0.regex, label: $0.label)
        }
    }
}
