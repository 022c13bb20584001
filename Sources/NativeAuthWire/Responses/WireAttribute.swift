/// An item of `required_attributes[]`: what the tenant asks for and how it validates it.
///
/// `options.regex` is advisory for the UI (the server re-validates); an empty regex means no pattern.
/// Source: native-auth API reference §4.5 (`MSALNativeAuthRequiredAttributeInternal`).
public struct WireAttribute: Codable, Sendable, Hashable {
    public var name: String
    public var type: AttributeType
    public var required: Bool
    public var options: Options?

    /// `options` of a required attribute.
    public struct Options: Codable, Sendable, Hashable {
        public var regex: String?
        public init(regex: String?) { self.regex = regex }
    }

    public init(name: String, type: AttributeType, required: Bool, regex: String?) {
        self.name = name
        self.type = type
        self.required = required
        self.options = regex.map { Options(regex: $0) }
    }

    /// The pattern to check locally; `nil` when absent or empty.
    public var regex: String? {
        guard let pattern = options?.regex, !pattern.isEmpty else { return nil }
        return pattern
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        type = try container.decodeIfPresent(AttributeType.self, forKey: .type) ?? .string
        required = try container.decodeIfPresent(Bool.self, forKey: .required) ?? false
        options = try container.decodeIfPresent(Options.self, forKey: .options)
    }

    enum CodingKeys: String, CodingKey { case name, type, required, options }
}

/// An item of `invalid_attributes[]` or `unverified_attributes[]`: at least `name`, maybe `reason`.
///
/// Source: native-auth API reference §4.5.
public struct WireAttributeName: Codable, Sendable, Hashable {
    public var name: String
    public var reason: String?

    public init(name: String, reason: String? = nil) {
        self.name = name
        self.reason = reason
    }
}
