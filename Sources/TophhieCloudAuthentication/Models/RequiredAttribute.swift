/// An attribute the tenant asks for at sign-up: built into forms at run time.
///
/// `type` is the server's string as sent (`string`, `Text`, `boolean`, `Boolean`, …); `regex` is
/// advisory (the server re-validates) and `nil` when absent or empty.
/// Source: native-auth API reference §4.5, `required_attributes[]` of `attributes_required`.
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

    /// Memberwise; a nil `regex` means no pattern.
    public init(name: String, type: String, required: Bool, regex: String?) {
        self.name = name
        self.type = type
        self.required = required
        self.regex = regex
    }

    init(_ wire: WireAttribute) {
        self.init(name: wire.name, type: wire.type.wireValue, required: wire.required, regex: wire.regex)
    }
}
