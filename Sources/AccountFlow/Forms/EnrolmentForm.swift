import EmailAddresses
import Localization
import TophhieCloudAuthentication

/// The sign-up screen's rules applied to one person of an enrolment list (a row of a CSV file): the same
/// ``AttributeField``s, built once from the tenant's `[RequiredAttribute]` (patterns compiled once and matched
/// under ICU's time limit, choice lists, whole numbers, consents), the same email check, the same messages.
///
/// Unlike the sign-up start screen, a required attribute must be given here: the list is meant to fill the
/// form, and a person missing one would be asked for it at the desk. A consent (``AttributeField/isConsent``) is the
/// exception: the person ticks it at the desk, so a list's value is neither required, checked nor filled in.
public struct EnrolmentForm: Sendable {
    /// The column of the person's email; the others are the attributes' API names.
    public static let emailColumn = "email"

    /// The tenant's sign-up attributes, in the user flow's order.
    public let attributes: [RequiredAttribute]
    private let fields: [FieldBox]

    /// A field in a box of its own, with its check of one value: read in place from an array or its buffer, a field was
    /// copied (all of its strings retained and released) for each value of each row; a class's `let` is borrowed.
    private final class FieldBox: Sendable {
        let field: AttributeField
        init(_ field: AttributeField) { self.field = field }

        /// What the form refuses the column's `value` for, if anything.
        func problem(_ value: String) -> ColumnProblem? {
            if field.isConsent { return nil }
            // Trimmed as the screen trims a typed value and then the value it checks, in one look when there is nothing to trim.
            let given = value.hasNothingToTrim ? value : AttributeField.trimmedBlanks(value.trimmingSpaces)
            // The screen's toggle takes only true or false; a list may hold anything.
            if case .toggle = field.kind, !given.isEmpty, !["true", "false"].contains(given.lowercased()) {
                return ColumnProblem(column: field.attribute.name, label: AttributeField.label(of: self.field.attribute),
                                     message: tr("enrolment.trueOrFalse", ["label": self.field.label]))
            }
            let edited = field.edited(given)
            guard field.verdict(onTrimmed: edited).error != nil else { return nil }
            // Checked again when read, in the language of the screen that shows it (a refused row is rare).
            return ColumnProblem(column: field.attribute.name, label: AttributeField.label(of: self.field.attribute),
                                 message: self.field.verdict(onTrimmed: edited).error ?? "")
        }
    }

    /// Builds the fields once; every row is checked against them.
    public init(attributes: [RequiredAttribute]) {
        self.attributes = attributes
        fields = attributes.map { FieldBox(AttributeField($0)) }
    }

    /// Every column a list may have: email first, then the attributes. Never a password: the person types it.
    public var columns: [String] { [Self.emailColumn] + attributes.map(\.name) }

    /// The columns a list must have: email and the required attributes but consents.
    public var requiredColumns: [String] { [Self.emailColumn] + listedAttributes.filter(\.required).map(\.name) }

    /// The attributes a list fills in on the form: all but consents, which the person gives.
    public var listedAttributes: [RequiredAttribute] { fields.map(\.field).filter { !$0.isConsent }.map(\.attribute) }

    /// The label a desk's screen names `column` by (the tenant's, in the language shown now); nil for a column the
    /// form does not have.
    public func label(of column: String) -> String? {
        if column == Self.emailColumn { return Validation.emailLabel }
        return attributes.first { $0.name == column }.map(AttributeField.label(of:))
    }

    /// Where each of ``columns`` is among a list's column `names` (nil for one the list leaves out), for
    /// ``check(row:positions:)``: a row is then checked without a dictionary of its values.
    public func positions(in names: [String]) -> [Int?] {
        columns.map { names.firstIndex(of: $0) }
    }

    /// What `values` (column → text; an absent column counts as empty) would be refused for on the screen,
    /// in column order: one problem per column at most.
    public func problems(in values: [String: String]) -> [ColumnProblem] {
        let columns = columns
        return check { values[columns[$0]] ?? "" }.problems
    }

    /// ``problems(in:)`` and ``comparableEmail(in:)`` of a row's `fields` in file order, with the ``positions(in:)``
    /// of the file's header: the email is checked once.
    public func check(row fields: [String], positions: [Int?]) -> (problems: [ColumnProblem], comparableEmail: String?) {
        check { positions[$0].map { fields[$0] } ?? "" }
    }

    /// The problems of the values `value(i)` gives for ``columns``[i], and the email's key when it is one.
    private func check(_ value: (Int) -> String) -> (problems: [ColumnProblem], comparableEmail: String?) {
        var problems: [ColumnProblem] = []
        let email = value(0)
        let validEmail = Validation.email(email)
        if validEmail == nil {
            problems.append(.email(email.trimmingSpaces.isEmpty ? tr("enrolment.emailRequired") : Validation.emailMessage(for: email)))
        }
        for (index, box) in fields.enumerated() {
            if let problem = box.problem(value(index + 1)) { problems.append(problem) }
        }
        return (problems, validEmail.map(EmailAddress.key))
    }

    /// The email of `values` as addresses are compared (trimmed, NFC, case-folded: ``EmailAddress/key(_:)``), to
    /// find a person listed twice however the address was written; nil when it is not an email.
    public func comparableEmail(in values: [String: String]) -> String? {
        Validation.email(values[Self.emailColumn] ?? "").map(EmailAddress.key)
    }

    /// A column's rule in words, for a template's example row: label, required or optional, kind, and the
    /// pattern as the screen's format message says it (`Loyalty number: required; text; 10 digits`).
    public func rule(of column: String) -> String {
        guard let field = fields.first(where: { $0.field.attribute.name == column })?.field else {
            return column == Self.emailColumn ? "\(Validation.emailLabel): required; an email address like name@example.com" : ""
        }
        if field.isConsent { return field.label + ": ignored; a consent the person gives at the desk" }
        var parts = [field.attribute.required ? "required" : "optional"]
        switch field.kind {
        case .toggle: parts.append("true or false")
        case .number: parts.append("a whole number")
        case .picker(let choices): parts.append("one of: " + choices.joined(separator: " | "))
        case .text, .email, .secret, .code, .phone: parts.append("text")
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
