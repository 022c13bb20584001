/// An item of `required_attributes[]`: what the tenant asks for and how it validates it.
///
/// `options.regex` is advisory for the UI (the server re-validates); an empty regex means no pattern.
/// Source: docs/protocol.md §N4.5 (`MSALNativeAuthRequiredAttributeInternal`).
public struct WireAttribute: Codable, Sendable, Hashable {
    /// The attribute's API name, e.g. `displayName` or `extension_<appid>_<name>`.
    public var name: String
    /// `type`, e.g. `string`; read as `string` when absent.
    public var type: AttributeType
    /// Whether the tenant requires it; `false` when absent.
    public var required: Bool
    /// `options`, holding the optional `regex`.
    public var options: Options?

    /// `options` of a required attribute.
    public struct Options: Codable, Sendable, Hashable {
        /// `regex`: an advisory pattern; the documentation's own examples are not valid patterns (docs/protocol.md §N4.5).
        public var regex: String?
        /// Options holding `regex` (nil for none).
        public init(regex: String?) { self.regex = regex }
    }

    /// Builds an item; a nil `regex` leaves `options` out.
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

    /// Decodes an item; a missing `type` reads as `string`, a missing `required` as `false`.
    /// - Throws: `DecodingError` when `name` is missing or a field has the wrong JSON type.
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
/// Source: docs/protocol.md §N4.5.
public struct WireAttributeName: Codable, Sendable, Hashable {
    /// The attribute's API name.
    public var name: String
    /// Why it failed, when sent (MSAL JS types allow it; MSAL iOS reads only `name`).
    public var reason: String?

    /// Builds an item; `reason` is optional.
    public init(name: String, reason: String? = nil) {
        self.name = name
        self.reason = reason
    }
}
