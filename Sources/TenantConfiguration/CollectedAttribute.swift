/// One input of a sign-up flow's attribute collection page (`authenticationAttributeCollectionInputConfiguration`).
///
/// Source: https://learn.microsoft.com/graph/api/resources/authenticationattributecollectioninputconfiguration
public struct CollectedAttribute: Codable, Equatable, Sendable {
    /// `attribute`: the built-in or custom attribute's id (`city`, `extension_<appid>_<name>`).
    public var attribute: String
    /// Position on the page, from 1, counted across the page's views in order.
    public var order: Int
    /// `label` shown to the customer.
    public var label: String
    /// `inputType`: `text`, `radioSingleSelect`, `checkboxMultiSelect`, `boolean`, `checkboxSingleSelect`, or a newer value.
    public var inputType: String
    /// `required`.
    public var required: Bool
    /// `validationRegEx`, when set.
    public var validationRegEx: String?
    /// `options`, in Graph's order (select inputs).
    public var options: [AttributeOption]
    /// `hidden`: not shown to the customer.
    public var hidden: Bool
    /// `editable`: the customer may change the value.
    public var editable: Bool
    /// `defaultValue`, when set.
    public var defaultValue: String?

    public init(attribute: String, order: Int, label: String, inputType: String, required: Bool, validationRegEx: String?,
                options: [AttributeOption], hidden: Bool, editable: Bool, defaultValue: String?) {
        self.attribute = attribute
        self.order = order
        self.label = label
        self.inputType = inputType
        self.required = required
        self.validationRegEx = validationRegEx
        self.options = options
        self.hidden = hidden
        self.editable = editable
        self.defaultValue = defaultValue
    }
}
