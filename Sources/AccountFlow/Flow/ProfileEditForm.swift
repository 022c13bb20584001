import TophhieCloudAuthentication

/// The profile edit screen: one text field per property the customer may change, built with the form
/// engine (``AttributeForm``) and prefilled with the profile as read; the other properties are shown
/// read-only.
///
/// Local rules: `displayName` is required (Graph refuses to clear it); lengths follow Graph's user
/// resource (``maxLengths``). Only changed fields are checked and sent: a value the tenant already holds
/// is never refused here.
public struct ProfileEditForm: Sendable, Equatable {
    /// The profile as read: the prefilled values, what counts as a change, and the read-only properties.
    public var profile: ProfileSummary
    /// The editable properties as fields (``FieldID/attribute(_:)`` with the Graph property name).
    public var form: AttributeForm
    /// Neutral information, e.g. `"Nothing changed"`.
    public var notice: String?
    /// Properties the tenant refused to change for this account, marked on their fields until edited.
    public var refused: Set<String> = []

    /// The most characters per property: `givenName`, `surname` 64 and `postalCode` 40 as Graph documents;
    /// 128 for `jobTitle`, `city`, `state`, `country`; others the form engine's ``FieldInput/maxLength`` (256,
    /// also Graph's `displayName` limit).
    public static let maxLengths: [String: Int] = [
        "givenName": 64, "surname": 64, "postalCode": 40, "jobTitle": 128, "city": 128, "state": 128, "country": 128,
    ]

    /// The message on a field the tenant refused to change.
    public static let refusedMessage = "This account may not change this field"

    /// The form for `profile`: its editable properties as prefilled fields, in display order.
    public init(profile: ProfileSummary) {
        self.profile = profile
        form = AttributeForm(fields: profile.fields.filter(\.editable).map { property in
            var field = AttributeField(
                RequiredAttribute(name: property.key, type: "string", required: property.key == "displayName", regex: nil),
                maxLength: Self.maxLengths[property.key] ?? FieldInput.maxLength)
            field.value = property.text
            return field
        })
    }

    /// The properties shown read-only (not self-writable).
    var readOnly: [ProfileFieldSummary] { profile.fields.filter { !$0.editable } }

    /// Property name → new value for every field whose trimmed text differs from the profile's;
    /// an emptied field is `nil` (clear the property).
    var changes: [String: String?] {
        var changes: [String: String?] = [:]
        for field in form.fields where isChanged(field) {
            let typed = field.value.trimmingSpaces
            changes[field.attribute.name] = .some(typed.isEmpty ? nil : typed)
        }
        return changes
    }

    private func isChanged(_ field: AttributeField) -> Bool {
        field.value.trimmingSpaces != (profile.fields.first { $0.key == field.attribute.name }?.text ?? "")
    }

    /// Checks the changed fields; an unchanged one is not sent, so its message goes. Returns whether the
    /// form may be sent.
    mutating func validateChanges() -> Bool {
        var valid = true
        for index in form.fields.indices {
            if isChanged(form.fields[index]) {
                if !form.fields[index].validate() { valid = false }
            } else {
                form.fields[index].error = nil
            }
        }
        return valid
    }

    /// Stores an edit of the property `name`: its refused mark and the notice go, the input is kept.
    mutating func edit(_ name: String, _ text: String) {
        form.edit(name, text)
        refused.remove(name)
        notice = nil
    }

    /// Checks the property `name` when its field is left, if it was changed.
    mutating func leave(_ name: String) {
        guard let index = form.fields.firstIndex(where: { $0.attribute.name == name }), isChanged(form.fields[index]) else { return }
        form.fields[index].validate()
    }

    /// Marks each refused property on its field, keeping every typed value; names without a field go in
    /// the form's message.
    mutating func markRefused(_ names: [String]) {
        var unknown: [String] = []
        for name in names {
            if form.fields.contains(where: { $0.attribute.name == name }) {
                refused.insert(name)
            } else {
                unknown.append(name)
            }
        }
        form.message = unknown.isEmpty
            ? "The tenant refused the change. Correct or undo the marked fields."
            : "The tenant refused to change: \(unknown.map(AttributeLabel.label(for:)).joined(separator: ", "))."
    }
}
