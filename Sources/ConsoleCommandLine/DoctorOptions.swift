/// What `tophhie doctor` was given.
public struct DoctorOptions: Equatable, Sendable {
    /// The tenant and app to check (nil with `--emulator`).
    public var target: TenantTarget?
    /// `--emulator PRESET|FILE`: check a fresh embedded emulator instead.
    public var emulator: String?
    /// With `--emulator`: `--capabilities` / `--challenge-types` as given (nil: the app's defaults).
    public var capabilities: [String]?
    public var challengeTypes: [String]?
    /// `--ca-file FILE`: a PEM CA trusted for HTTPS besides the system's.
    public var caFile: String?
    /// `--json`: one JSON object for scripts instead of the checklist.
    public var json = false
    /// `--debug` or `TOPHHIE_DEBUG=http`: each probe's exchange on standard error (``HTTPDebugLog``).
    public var debugHTTP = false

    /// No tenant yet, no JSON.
    public init() {}
}
