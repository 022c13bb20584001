import Foundation
import TenantConfiguration

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

    /// A preset name, or a path to a policy file or a tenant snapshot (anything containing `/` or ending `.json`).
    /// A snapshot's rehearsal notes are dropped: ``rehearsal(_:)`` keeps them.
    public static func resolve(_ nameOrPath: String) throws(PolicyError) -> TenantPolicy {
        try rehearsal(nameOrPath).policy
    }

    /// As ``resolve(_:)``, with what the emulator cannot model of a tenant snapshot (`tophhie tenant snapshot`'s
    /// file, told apart by its `format`) in `notes`; a preset or policy file has none.
    /// - Throws: `PolicyError` for an unknown name, an unreadable file, a policy or snapshot that does not validate.
    public static func rehearsal(_ nameOrPath: String) throws(PolicyError) -> TenantRehearsal {
        guard !names.contains(nameOrPath), nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") else {
            return TenantRehearsal(policy: try load(nameOrPath), notes: [])
        }
        let url = URL(fileURLWithPath: nameOrPath)
        guard let data = try? Data(contentsOf: url) else { return TenantRehearsal(policy: try TenantPolicy.load(from: url), notes: []) }
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        guard object?["format"] as? String == TenantSnapshot.formatName else {
            return TenantRehearsal(policy: try TenantPolicy.parse(data, file: url.path), notes: [])
        }
        let snapshot: TenantSnapshot
        do {
            snapshot = try TenantSnapshot.decode(data)
        } catch {
            throw PolicyError(file: url.path, key: "(snapshot)", allowed: "a tenant snapshot (\(error.reason))")
        }
        return try TenantPolicy.rehearsal(of: snapshot)
    }
}
