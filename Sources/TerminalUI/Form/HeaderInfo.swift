/// The header bar: which tenant, at which authority, in which mode.
public struct HeaderInfo: Hashable, Sendable {
    /// Tenant display name.
    public var tenant: String
    /// The authority URL the console talks to.
    public var authority: String
    /// E.g. `"emulator"` or `"live"`.
    public var mode: String

    /// Tenant and authority go on the left of the header bar, mode on the right.
    public init(tenant: String, authority: String, mode: String) {
        self.tenant = tenant
        self.authority = authority
        self.mode = mode
    }
}
