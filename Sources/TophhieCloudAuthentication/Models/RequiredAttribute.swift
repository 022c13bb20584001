/// An attribute the tenant asks for at sign-up: built into forms at run time.
///
/// `type` is the server's string as sent (`string`, `Text`, `boolean`, `Boolean`, …); `regex` is
/// advisory (the server re-validates) and `nil` when absent or empty.
/// Source: native-auth API reference §4.5, `required_attributes[]` of `attributes_required`.
public struct RequiredAttribute: Sendable, Hashable {
    /// The attribute's API name: `displayName`, `extension_<appid>_<name>`.
    public var name: String
    public var type: String
    public var required: Bool
    public var regex: String?

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
