import Localization
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
    public var refused: Set<ProfileProperty> = []
    /// A save Graph refused whole without naming a field, being sent again one change at a time; nil otherwise.
    public var oneByOne: OneByOneSave?

    /// After a 403 that names no field (Graph's does not): each change is sent alone, in property-name order, so
    /// what the tenant allows is saved and only what it refuses is marked.
    public struct OneByOneSave: Sendable, Equatable {
        /// The change in flight.
        public var sending: ProfileProperty
        /// The changes still to send, in order.
        public var remaining: [ProfileProperty]
        /// The changes refused so far.
        public var refused: [ProfileProperty] = []
    }

    /// The most characters per property: `givenName`, `surname` 64 and `postalCode` 40 as Graph documents;
    /// 128 for `jobTitle`, `city`, `state`, `country`; others the form engine's ``FieldInput/maxLength`` (256,
    /// also Graph's `displayName` limit).
    public static let maxLengths: [ProfileProperty: Int] = [
        .givenName: 64, .surname: 64, .postalCode: 40, .jobTitle: 128, .city: 128, .state: 128, .country: 128,
    ]

    /// The message on a field the tenant refused to change.
    public static var refusedMessage: String { tr("profileEdit.refusedField") }

    /// The form for `profile`: its editable properties as prefilled fields, in display order, labelled as the
    /// profile screen labels them.
    public init(profile: ProfileSummary) {
        self.profile = profile
        form = AttributeForm(fields: profile.fields.filter(\.editable).map { summary in
            var field = AttributeField(
                RequiredAttribute(name: summary.property.rawValue, type: "string", required: summary.property == .displayName,
                                  regex: nil, label: summary.label),
                maxLength: Self.maxLengths[summary.property] ?? FieldInput.maxLength)
            field.value = summary.text
            return field
        })
    }

    /// The properties shown read-only (not self-writable).
    var readOnly: [ProfileFieldSummary] { profile.fields.filter { !$0.editable } }

    /// Property → new value for every field whose trimmed text differs from the profile's; an emptied field is
    /// `nil` (clear the property).
    var changes: [ProfileProperty: String?] {
        var changes: [ProfileProperty: String?] = [:]
        for field in form.fields where isChanged(field) {
            guard let property = ProfileProperty(rawValue: field.attribute.name) else { continue }
            let typed = field.value.trimmingSpaces
            changes[property] = .some(typed.isEmpty ? nil : typed)
        }
        return changes
    }

    private func isChanged(_ field: AttributeField) -> Bool {
        field.value.trimmingSpaces != (profile.fields.first { $0.property.rawValue == field.attribute.name }?.text ?? "")
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
        if let property = ProfileProperty(rawValue: name) { refused.remove(property) }
        notice = nil
    }

    /// Checks the property `name` when its field is left, if it was changed.
    mutating func leave(_ name: String) {
        guard let index = form.fields.firstIndex(where: { $0.attribute.name == name }), isChanged(form.fields[index]) else { return }
        form.fields[index].validate()
    }

    /// Marks each refused property on its field, keeping every typed value; properties without a field go in
    /// the form's message.
    mutating func markRefused(_ properties: [ProfileProperty]) {
        var unknown: [ProfileProperty] = []
        for property in properties {
            if form.fields.contains(where: { $0.attribute.name == property.rawValue }) {
                refused.insert(property)
            } else {
                unknown.append(property)
            }
        }
        form.message = unknown.isEmpty
            ? tr("profileEdit.refused")
            : tr("profileEdit.refusedNamed", ["labels": unknown.map(\.screenLabel).joined(separator: ", ")])
    }
}
