/// The header bar: which tenant, at which authority, in which mode.
public struct HeaderInfo: Hashable, Sendable {
    public var tenant: String
    public var authority: String
    /// E.g. `"emulator"` or `"live"`.
    public var mode: String

    public init(tenant: String, authority: String, mode: String) {
        self.tenant = tenant
        self.authority = authority
        self.mode = mode
    }
}
