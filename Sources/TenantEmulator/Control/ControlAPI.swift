/// Routes of the control API, outside the tenant path. Documented in docs/emulator.md.
enum ControlAPI {
    static let prefix = "/emulator/v1/"
}

extension TenantEmulator {
    /// Whether `path` is a control API route (`/emulator/v1/…`), which the server guards off loopback.
    public static func isControlPath(_ path: String) -> Bool { path.hasPrefix(ControlAPI.prefix) }
}
