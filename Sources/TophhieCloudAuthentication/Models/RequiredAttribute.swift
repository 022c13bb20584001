/// An attribute the tenant asks for at sign-up: built into forms at run time.
///
/// `type` is the server's string as sent (`string`, `Text`, `boolean`, `Boolean`, …); `regex` is
/// advisory (the server re-validates) and `nil` when absent or empty.
/// Source: docs/protocol.md §N4.5, `required_attributes[]` of `attributes_required`.
public struct RequiredAttribute: Sendable, Hashable {
    /// The attribute's API name: `displayName`, `extension_<appid>_<name>`.
    public var name: String
    /// The server's type string as sent, e.g. `string`, `Text`, `boolean`.
    public var type: String
    /// Whether the sign-up cannot complete without it.
    public var required: Bool
    /// Advisory pattern for a local check; nil when absent or empty. It may not compile (the documentation's
    /// examples do not): the server re-validates.
    public var regex: String?
    /// The tenant's label for the field (e.g. "Loyalty number (10 digits)"), when the list came from the
    /// user flow's configuration; the wire item has none, so attributes from a server answer leave it `nil`.
    public var label: String?

    /// Memberwise; a nil `regex` means no pattern, a nil `label` leaves the label to the client.
    public init(name: String, type: String, required: Bool, regex: String?, label: String? = nil) {
        self.name = name
        self.type = type
        self.required = required
        self.regex = regex
        self.label = label
    }

    init(_ wire: WireAttribute) {
        self.init(name: wire.name, type: wire.type.wireValue, required: wire.required, regex: wire.regex)
    }
}
