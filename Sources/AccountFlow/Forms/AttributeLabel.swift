import Localization

/// Human labels for attribute API names.
///
/// Built-in user-flow attributes get their portal labels; custom attributes
/// (`extension_<appid>_<name>`) lose the prefix; any other camelCase name is split into words.
public enum AttributeLabel {
    /// The label for `name`: a built-in user-flow attribute's in the person's language (`displayName` → "Display
    /// name"), a custom one (`extension_1a2b_loyaltyNumber` → "Loyalty number") or any other camelCase name
    /// (`postalCode` → "Postal code") in the tenant's own words, split.
    public static func label(for name: String) -> String {
        builtIn(name) ?? sentence(fromCamelCase: customName(name) ?? name)
    }

    /// The built-in attributes of a user flow (the tenant names them; their labels are ours, so they are translated).
    static func builtIn(_ name: String) -> String? {
        switch name {
        case "city": tr("attributeLabel.city")
        case "country": tr("attributeLabel.country")
        case "displayName": tr("attributeLabel.displayName")
        case "givenName": tr("attributeLabel.givenName")
        case "jobTitle": tr("attributeLabel.jobTitle")
        case "mail": tr("attributeLabel.mail")
        case "postalCode": tr("attributeLabel.postalCode")
        case "state": tr("attributeLabel.state")
        case "streetAddress": tr("attributeLabel.streetAddress")
        case "surname": tr("attributeLabel.surname")
        default: nil
        }
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
