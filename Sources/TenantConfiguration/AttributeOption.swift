/// One choice of a select input (`authenticationAttributeCollectionOptionConfiguration`): what is shown and what is stored.
public struct AttributeOption: Codable, Equatable, Sendable {
    /// `label`: shown to the customer.
    public var label: String
    /// `value`: stored in the directory.
    public var value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}
