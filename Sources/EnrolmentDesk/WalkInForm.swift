import AccountFlow
import Localization
import TophhieCloudAuthentication

/// The walk-in form at a desk with a list (full screen ^N): the email and the sign-up form's attributes of
/// someone not on the list, with what the list's engine refused (``EnrolmentDesk/addWalkIn(email:values:)``)
/// shown under each field. Drawn and edited as any flow screen; its events stay here.
package struct WalkInForm: Equatable {
    /// What an event did.
    package enum Outcome: Equatable {
        case editing
        /// Check and add the person.
        case add
        /// Back to the queue, nothing added.
        case cancel
    }

    private var fields: [AttributeField]
    package private(set) var email = ""
    /// Kept as problems, not text: drawn in the language shown now.
    private var problems: [String: ColumnProblem] = [:]

    package init(attributes: [RequiredAttribute]) {
        fields = attributes.map { AttributeField($0) }
    }

    /// The attributes typed, by name.
    package var values: [String: String] {
        Dictionary(uniqueKeysWithValues: fields.map { ($0.attribute.name, $0.value) })
    }

    package var screen: Screen {
        let email = ScreenField(id: .email, label: tr("field.email"), kind: .email, value: email, error: problems[EnrolmentForm.emailColumn]?.message)
        let attributes = fields.map {
            ScreenField(id: $0.id, label: $0.label, kind: $0.kind, value: $0.value, error: problems[$0.attribute.name]?.message, note: $0.note,
                        required: $0.attribute.required)
        }
        return Screen(title: tr("walkIn.title"),
                      text: [tr("walkIn.text")],
                      fields: [email] + attributes,
                      actions: [ScreenAction(tr("walkIn.add"), .submitted), ScreenAction(tr("walkIn.back"), .backRequested)])
    }

    /// The form reacts to typing, submit and the ways back; every other event leaves it as it is.
    package mutating func apply(_ event: FlowEvent) -> Outcome {
        if event == .submitted { return .add }
        if [.backRequested, .cancelRequested, .homeRequested].contains(event) { return .cancel }
        guard case .fieldEdited(let id, let text) = event else { return .editing }
        if id == .email {
            email = text
            problems[EnrolmentForm.emailColumn] = nil
        } else if case .attribute(let name) = id, let index = fields.firstIndex(where: { $0.attribute.name == name }) {
            fields[index].value = text
            problems[name] = nil
        }
        return .editing
    }

    /// Shows what the engine refused, each under its field.
    package mutating func refused(_ refusal: WalkInRefusal) {
        problems = Dictionary(refusal.problems.map { ($0.column, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
