import Foundation

/// The tenant policy presets shipped in `Resources/tenants/`, bundled as SwiftPM resources through the
/// `Sources/TenantEmulator/Presets` symlink (`.process` flattens them into the bundle root).
///
/// `email-password` (the default), `email-otp`, `mfa`, `attributes`, `strict`. Source: issue 3 ("Presets").
public enum TenantPreset {
    /// The preset used when none is named.
    public static let defaultName = "email-password"

    /// Every shipped preset name.
    public static let names = ["email-password", "email-otp", "mfa", "attributes", "strict"]

    /// Loads a preset by name.
    /// - Throws: `PolicyError` for an unknown name, or a preset file that does not validate.
    public static func load(_ name: String) throws(PolicyError) -> TenantPolicy {
        guard names.contains(name) else {
            throw PolicyError(file: name, key: "--tenant", allowed: "a preset (\(names.joined(separator: ", "))) or a path to a policy file")
        }
        guard let url = Bundle.module.url(forResource: name, withExtension: "json") else {
            throw PolicyError(file: "\(name).json", key: "(file)", allowed: "a preset bundled with the emulator (the resource bundle is missing)")
        }
        return try TenantPolicy.load(from: url)
    }

    /// A preset name, or a path to a policy file (anything containing `/` or ending `.json`).
    public static func resolve(_ nameOrPath: String) throws(PolicyError) -> TenantPolicy {
        if names.contains(nameOrPath) { return try load(nameOrPath) }
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
            return try TenantPolicy.load(from: URL(fileURLWithPath: nameOrPath))
        }
        return try load(nameOrPath)
    }
}
