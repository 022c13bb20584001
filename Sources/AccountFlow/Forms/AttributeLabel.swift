/// Human labels for attribute API names.
///
/// Built-in user-flow attributes get their portal labels; custom attributes
/// (`extension_<appid>_<name>`) lose the prefix; any other camelCase name is split into words.
public enum AttributeLabel {
    /// Portal labels of built-in attributes whose name does not split into the right words.
    static let builtIn: [String: String] = [
        "country": "Country/Region",
        "state": "State/Province",
        "mail": "Email",
    ]

    /// The label for `name`: `displayName` → "Display name", `extension_1a2b_loyaltyNumber` →
    /// "Loyalty number", `postalCode` → "Postal code".
    public static func label(for name: String) -> String {
        if let known = builtIn[name] { return known }
        return sentence(fromCamelCase: customName(name) ?? name)
    }

    /// The attribute part of `extension_<appid>_<name>`, when `name` has that shape.
    static func customName(_ name: String) -> String? {
        let parts = name.split(separator: "_", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].lowercased() == "extension", !parts[1].isEmpty, !parts[2].isEmpty,
              parts[1].allSatisfy(\.isHexDigit) else { return nil }
        return String(parts[2])
    }

    /// `loyaltyNumber` → "Loyalty number"; `jobTitle2` → "Job title 2"; underscores become spaces.
    static func sentence(fromCamelCase name: String) -> String {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            let boundary = character == "_" || character == " "
                || (character.isUppercase && (previous?.isLowercase ?? false))
                || (character.isNumber && (previous?.isLetter ?? false))
                || (character.isLetter && (previous?.isNumber ?? false))
            if boundary, !current.isEmpty {
                words.append(current)
                current = ""
            }
            if character != "_" && character != " " { current.append(character) }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        guard let first = words.first else { return name }
        // Acronyms (all capitals, e.g. "URL") keep their case; other words after the first go lower case.
        let rest = words.dropFirst().map { $0.count > 1 && $0.allSatisfy(\.isUppercase) ? $0 : $0.lowercased() }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + rest).joined(separator: " ")
    }
}
