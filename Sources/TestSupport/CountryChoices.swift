import Foundation
import TophhieCloudAuthentication

/// The 250 countries of `Tests/EndToEndTests/Policies/country-choice.json`, so the in-memory, line-mode
/// and tmux tests of long choice lists use one list.
public enum CountryChoices {
    /// The policy's `country` choices in file order (sorted, punctuation-free names).
    public static let names: [String] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Tests/EndToEndTests/Policies/country-choice.json")
        guard let data = try? Data(contentsOf: file),
              let policy = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let signUp = policy["signUp"] as? [String: Any], let attributes = signUp["attributes"] as? [[String: Any]],
              let choices = attributes.lazy.compactMap({ $0["choices"] as? [String] }).first else { return [] }
        return choices
    }()

    /// A required `country` attribute whose pattern is the 250-way alternation the emulator sends.
    public static let attribute = RequiredAttribute(name: "country", type: "string", required: true,
                                                    regex: "^(" + names.joined(separator: "|") + ")$")
}
