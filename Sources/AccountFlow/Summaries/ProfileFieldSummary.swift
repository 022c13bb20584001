/// One property of the signed-in user's profile, as the profile screens show it.
public struct ProfileFieldSummary: Sendable, Equatable {
    /// The Graph property name, e.g. `"givenName"`; it names the field in ``FlowEffect/saveProfile(_:)``.
    public var key: String
    /// The text shown beside the value, e.g. `"Given name"`.
    public var label: String
    /// The value, or why there is none.
    public var value: ProfileFieldValue
    /// Whether the customer may change it themselves (the external-tenant self-writable set: `city`,
    /// `country`, `displayName`, `givenName`, `jobTitle`, `postalCode`, `preferredLanguage`, `state`,
    /// `streetAddress`, `surname`). Only these become fields on the edit screen.
    public var editable: Bool

    /// Memberwise.
    public init(key: String, label: String, value: ProfileFieldValue, editable: Bool) {
        self.key = key
        self.label = label
        self.value = value
        self.editable = editable
    }

    /// The value as a field's text: the value when set, else empty.
    var text: String {
        if case .set(let text) = value { return text }
        return ""
    }
}
