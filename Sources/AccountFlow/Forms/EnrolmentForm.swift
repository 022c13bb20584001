import EmailAddresses
import Localization
import TophhieCloudAuthentication

/// The sign-up screen's rules applied to one person of an enrolment list (a row of a CSV file): the same
/// ``AttributeField``s, built once from the tenant's `[RequiredAttribute]` (patterns compiled once and matched
/// under ICU's time limit, choice lists, whole numbers, consents), the same email check, the same messages.
///
/// Unlike the sign-up start screen, a required attribute must be given here: the list is meant to fill the
/// form, and a person missing one would be asked for it at the desk.
public struct EnrolmentForm: Sendable {
    /// The column of the person's email; the others are the attributes' API names.
    public static let emailColumn = "email"

    /// The tenant's sign-up attributes, in the user flow's order.
    public let attributes: [RequiredAttribute]
    private let fields: [AttributeField]

    /// Builds the fields once; every row is checked against them.
    public init(attributes: [RequiredAttribute]) {
        self.attributes = attributes
        fields = attributes.map { AttributeField($0) }
    }

    /// Every column a list may have: email first, then the attributes. Never a password: the person types it.
    public var columns: [String] { [Self.emailColumn] + attributes.map(\.name) }

    /// The columns a list must have: email and the required attributes.
    public var requiredColumns: [String] { [Self.emailColumn] + attributes.filter(\.required).map(\.name) }

    /// The label a desk's screen names `column` by (the tenant's, in the language shown now); nil for a column the
    /// form does not have.
    public func label(of column: String) -> String? {
        if column == Self.emailColumn { return Validation.emailLabel }
        return attributes.first { $0.name == column }.map(AttributeField.label(of:))
    }

    /// Where each of ``columns`` is among a list's column `names` (nil for one the list leaves out), for
    /// ``problems(inRow:positions:)``: a row is then checked without a dictionary of its values.
    public func positions(in names: [String]) -> [Int?] {
        columns.map { names.firstIndex(of: $0) }
    }

    /// What `values` (column → text; an absent column counts as empty) would be refused for on the screen,
    /// in column order: one problem per column at most.
    public func problems(in values: [String: String]) -> [ColumnProblem] {
        let columns = columns
        return problems { values[columns[$0]] ?? "" }
    }

    /// ``problems(in:)`` for a row's `fields` in file order, with the ``positions(in:)`` of the file's header.
    public func problems(inRow fields: [String], positions: [Int?]) -> [ColumnProblem] {
        problems { positions[$0].map { fields[$0] } ?? "" }
    }

    /// The problems of the values `value(i)` gives for ``columns``[i].
    private func problems(_ value: (Int) -> String) -> [ColumnProblem] {
        var problems: [ColumnProblem] = []
        let email = value(0)
        if Validation.email(email) == nil {
            problems.append(.email(email.trimmingSpaces.isEmpty ? tr("enrolment.emailRequired") : Validation.emailMessage(for: email)))
        }
        // Each field borrowed in place: read from the array, every use of a field copied all of its properties.
        fields.withUnsafeBufferPointer { fields in
            for index in fields.indices {
                let given = value(index + 1).trimmingSpaces
                // The screen's toggle takes only true or false; a list may hold anything.
                if case .toggle = fields[index].kind, !given.isEmpty, !["true", "false"].contains(given.lowercased()) {
                    let label = fields[index].label, attribute = fields[index].attribute
                    problems.append(ColumnProblem(column: attribute.name, label: AttributeField.label(of: attribute),
                                                  message: tr("enrolment.trueOrFalse", ["label": label])))
                    continue
                }
                let edited = fields[index].edited(given)
                if fields[index].verdict(on: edited).error != nil {
                    // Checked again when read, in the language of the screen that shows it (a refused row is rare).
                    let field = fields[index]
                    problems.append(ColumnProblem(column: field.attribute.name, label: AttributeField.label(of: field.attribute),
                                                  message: field.verdict(on: edited).error ?? ""))
                }
            }
        }
        return problems
    }

    /// The email of `values` as addresses are compared (trimmed, NFC, case-folded: ``EmailAddress/key(_:)``), to
    /// find a person listed twice however the address was written; nil when it is not an email.
    public func comparableEmail(in values: [String: String]) -> String? {
        Validation.email(values[Self.emailColumn] ?? "").map(EmailAddress.key)
    }

    /// ``comparableEmail(in:)`` for a row's `fields`, with the ``positions(in:)`` of the file's header.
    public func comparableEmail(inRow fields: [String], positions: [Int?]) -> String? {
        Validation.email(positions[0].map { fields[$0] } ?? "").map(EmailAddress.key)
    }

    /// A column's rule in words, for a template's example row: label, required or optional, kind, and the
    /// pattern as the screen's format message says it (`Loyalty number: required; text; 10 digits`).
    public func rule(of column: String) -> String {
        guard let field = fields.first(where: { $0.attribute.name == column }) else {
            return column == Self.emailColumn ? "\(Validation.emailLabel): required; an email address like name@example.com" : ""
        }
        var parts = [field.attribute.required ? "required" : "optional"]
        switch field.kind {
        case .toggle: parts.append(field.attribute.required ? "true (a consent the person gives)" : "true or false")
        case .number: parts.append("a whole number")
        case .picker(let choices): parts.append("one of: " + choices.joined(separator: " | "))
        default: parts.append("text")
        }
        switch field.rule {
        case .checked where field.kind == .toggle:
            break
        case .checked(let pattern):
            // The template is operator output, English like the rest of this rule.
            parts.append(Localization.with(.english) { PatternSummary(regex: pattern.source)?.phrase } ?? "the pattern \(pattern.source)")
        case .uncheckable(let source):
            parts.append("the pattern \(source) (checked by the tenant only)")
        case .none:
            break
        }
        return field.label + ": " + parts.joined(separator: "; ")
    }
}
