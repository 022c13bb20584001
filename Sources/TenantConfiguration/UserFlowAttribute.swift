/// An attribute definition (`identityUserFlowAttribute`), built-in or custom.
///
/// Source: https://learn.microsoft.com/graph/api/resources/identityuserflowattribute
public struct UserFlowAttribute: Codable, Equatable, Sendable {
    /// `id`: `city`, or `extension_<appid>_<name>` for a custom attribute.
    public var id: String
    /// `displayName`.
    public var displayName: String
    /// `userFlowAttributeType`: `builtIn`, `custom`, `required`.
    public var kind: String
    /// `dataType`: `string`, `boolean`, `int64`, `stringCollection`, `dateTime`.
    public var dataType: String
    /// `description`, when set.
    public var description: String?

    public init(id: String, displayName: String, kind: String, dataType: String, description: String?) {
        self.id = id
        self.displayName = displayName
        self.kind = kind
        self.dataType = dataType
        self.description = description
    }
}
