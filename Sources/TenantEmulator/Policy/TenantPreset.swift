import Foundation

/// The tenant policy presets shipped in `Resources/tenants/`, embedded in the code as SwiftPM resources
/// (`.embedInCode`, through the `Sources/TenantEmulator/Presets` symlink): no bundle has to travel with
/// the binaries.
///
/// `email-password` (the default), `email-otp`, `mfa`, `attributes`, `strict`. Source: issue 3 ("Presets").
public enum TenantPreset {
    /// The preset used when none is named.
    public static let defaultName = "email-password"

    /// Each preset's name and JSON, as SwiftPM embedded it (the manifest lists the same files).
    private static let embedded: [(name: String, json: [UInt8])] = [
        ("email-password", PackageResources.email_password_json), ("email-otp", PackageResources.email_otp_json),
        ("mfa", PackageResources.mfa_json), ("attributes", PackageResources.attributes_json),
        ("strict", PackageResources.strict_json),
    ]

    /// Every shipped preset name.
    public static let names = embedded.map(\.name)

    /// Loads a preset by name.
    /// - Throws: `PolicyError` for an unknown name, or a preset file that does not validate.
    public static func load(_ name: String) throws(PolicyError) -> TenantPolicy {
        guard let preset = embedded.first(where: { $0.name == name }) else {
            throw PolicyError(file: name, key: "--tenant", allowed: "a preset (\(names.joined(separator: ", "))) or a path to a policy file")
        }
        return try TenantPolicy.parse(Data(preset.json), file: "preset \(name)")
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
