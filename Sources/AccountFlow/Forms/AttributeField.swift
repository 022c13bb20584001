import Foundation
import Localization
import TophhieCloudAuthentication

/// One form field built from a tenant's `RequiredAttribute`, with the user's value and messages.
public struct AttributeField: Sendable, Equatable {
    /// The tenant's attribute (name, type, required, regex) the field was built from.
    public let attribute: RequiredAttribute
    /// The tenant's label when it gave one, else from the API name (``AttributeLabel``), e.g.
    /// `postalCode` → "Postal code".
    public let label: String
    /// Toggle for `boolean`, number for `int`, picker for a pure-alternation pattern, else text.
    public let kind: FieldKind
    /// The pattern checked when the field is left and on submit; `.none` for pickers.
    public let rule: PatternRule
    /// What the user typed; `"true"`/`"false"` for toggles.
    public var value: String
    /// Why the value cannot be sent, or what the server refused.
    public var error: String?
    /// Advice that never blocks submit (a pattern that cannot be checked here).
    public var note: String?
    /// The most characters the value may have: ``FieldInput/maxLength`` unless the field was built with a
    /// lower limit (a Graph property's documented length).
    public let maxLength: Int
    /// Offered before the server asks (the sign-up start screen): a required attribute may be left empty,
    /// since the server lists it in `attributes_required` after the code (field case 011, docs/field-cases.md).
    public let askedLater: Bool
    /// A consent: a boolean the tenant requires to be true. Only the person gives it (ticked on the form), never a
    /// list or staff for them.
    public var isConsent: Bool { kind == .toggle && attribute.required }

    /// The tenant's label for `attribute` when it gave one, else one made from its API name in the language shown now.
    static func label(of attribute: RequiredAttribute) -> String {
        attribute.label.flatMap { $0.trimmingSpaces.isEmpty ? nil : $0 } ?? AttributeLabel.label(for: attribute.name)
    }

    static var uncheckableNote: String { tr("attribute.uncheckable") }
    static var couldNotCheckNote: String { tr("attribute.couldNotCheck") }

    /// Builds the field: label from the API name, kind from the type (case-insensitive, as the service
    /// has sent both `string`/`boolean` and `Text`/`Boolean`) and from a pure-alternation pattern.
    /// - Parameters:
    ///   - attribute: the attribute the field edits.
    ///   - maxLength: the most characters accepted; never more than ``FieldInput/maxLength``.
    ///   - askedLater: the field is offered before the server asks for it, so empty is always allowed.
    public init(_ attribute: RequiredAttribute, maxLength: Int = FieldInput.maxLength, askedLater: Bool = false) {
        self.attribute = attribute
        self.maxLength = min(maxLength, FieldInput.maxLength)
        self.askedLater = askedLater
        label = Self.label(of: attribute)
        switch attribute.type.lowercased() {
        case "boolean", "bool": kind = .toggle
        case "int", "integer": kind = .number
        default: kind = PatternRule.choices(in: attribute.regex).map(FieldKind.picker) ?? .text
        }
        if case .picker = kind { rule = .none } else { rule = PatternRule(regex: attribute.regex) }
        value = kind == .toggle ? "false" : ""
        if case .uncheckable = rule { note = Self.uncheckableNote }
    }

    /// `.attribute(name)`: how edits and leaves reach this field.
    public var id: FieldID { .attribute(attribute.name) }

    /// Stores an edit, keeping the input and clearing the previous error.
    mutating func edit(_ text: String) {
        value = edited(text)
        error = nil
    }

    /// What ``edit(_:)`` stores for `text`.
    func edited(_ text: String) -> String {
        kind == .toggle ? (text.lowercased() == "true" ? "true" : "false") : text
    }

    /// Checks the value; returns whether it may be sent. A pattern that cannot be evaluated only notes it.
    @discardableResult
    mutating func validate() -> Bool {
        (error, note) = verdict(on: value)
        return error == nil
    }

    /// What ``validate()`` would set for `value` (its error and note), without changing the field: an enrolment
    /// list checks each of its values against the one field, with no copy of it per value.
    func verdict(on value: String) -> (error: String?, note: String?) {
        verdict(onTrimmed: Self.trimmedBlanks(value))
    }

    /// ``verdict(on:)`` of a value already trimmed of blanks (``trimmedBlanks(_:)``): a list's values are trimmed once.
    func verdict(onTrimmed trimmed: String) -> (error: String?, note: String?) {
        let note = rule.isUncheckable ? Self.uncheckableNote : nil
        // A required boolean is a consent: only ticked counts as given.
        let mustBeGiven = attribute.required && !askedLater
        guard !trimmed.isEmpty, !(kind == .toggle && mustBeGiven && trimmed != "true") else {
            return (mustBeGiven ? (kind == .toggle ? tr("attribute.mustBeTicked", ["label": label]) : Self.required(label)) : nil, note)
        }
        guard trimmed.utf8.count <= maxLength || trimmed.count <= maxLength else {
            return (FieldInput.tooLong(label, limit: maxLength), note)
        }
        switch kind {
        case .number where Int(trimmed) == nil:
            return (tr("attribute.wholeNumber", ["label": label]), note)
        case .picker(let choices) where !choices.contains(trimmed):
            return (tr("attribute.chooseOne", ["choices": choices.joined(separator: ", ")]), note)
        case .text, .email, .secret, .code, .phone, .number, .toggle, .picker:
            break
        }
        switch rule.check(trimmed) {
        case .matches?, nil: break
        case .doesNotMatch?: return (formatMessage, note)
        case .couldNotCheck?: return (nil, Self.couldNotCheckNote)
        }
        return (nil, note)
    }

    /// A format error (shown under the field) that says what is expected: the pattern in words when it is
    /// simple (`^[0-9]{10}$` → "Enter 10 digits."), else it points at the label, the tenant's own hint.
    var formatMessage: String {
        PatternSummary(regex: attribute.regex)?.formatMessage ?? tr("attribute.format", ["label": label])
    }

    /// "Email is required.": a required field (or a list's column) left empty.
    static func required(_ label: String) -> String { tr("attribute.required", ["label": label]) }

    /// The value to send, or `nil` for an optional text field left empty.
    var submittedValue: String? {
        // An unticked consent offered up front is not an answer yet: the server asks for it after the code.
        if kind == .toggle, askedLater, attribute.required, value != "true" { return nil }
        if kind == .toggle { return value }
        let trimmed = Self.trimmedBlanks(value)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// `text` without leading and trailing `.whitespaces` (Zs and tab). A value that starts and ends with a visible
    /// ASCII character is returned as it is: an enrolment list checks hundreds of thousands of them.
    public static func trimmedBlanks(_ text: String) -> String {
        text.hasNothingToTrim ? text : text.trimmingCharacters(in: .whitespaces)
    }
}
