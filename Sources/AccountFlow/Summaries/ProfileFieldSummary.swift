import TophhieCloudAuthentication

/// One property of the signed-in user's profile, as the profile screens show it.
public struct ProfileFieldSummary: Sendable, Equatable {
    /// The Graph property; it names the field in ``FlowEffect/saveProfile(_:)``.
    public var property: ProfileProperty
    /// The value, or why there is none: `.notSet` (null or empty) and `.notAvailable` (not returned to this
    /// caller) read differently. A collection arrives joined as one line, e.g. `"+1 425 555 0100, +1 425 555 0101"`.
    public var value: ProfileValue<String>

    /// Memberwise.
    public init(_ property: ProfileProperty, _ value: ProfileValue<String>) {
        self.property = property
        self.value = value
    }

    /// The text shown beside the value, in the task's language.
    public var label: String { property.screenLabel }

    /// Whether the customer may change it themselves (the external-tenant self-writable set); only these
    /// become fields on the edit screen.
    public var editable: Bool { property.isSelfWritable }

    /// The value as a field's text: the value when set, else empty.
    var text: String {
        if case .set(let text) = value { return text }
        return ""
    }
}
