import AccountFlow

/// Maps an AccountFlow `Screen` to a ``FormView``: every screen of the console is drawn through it.
///
/// Editing state survives a re-render: a field whose value did not change keeps its editor (cursor,
/// reveal), and focus stays put while the same screen is shown. Options become one picker, actions
/// become buttons (the default first), and the screen's error, working and notice texts become the
/// status line, in that order of importance.
public enum ScreenPresenter {
    /// The picker that lists a screen's options.
    public static let optionsFieldID = "options"

    public static func formView(for screen: Screen, header: HeaderInfo?, previous: FormView?) -> FormView {
        var fields = screen.fields.map { field(for: $0, previous: previous?[field: key(for: $0.id)]) }
        if !screen.options.isEmpty {
            let options = screen.options.enumerated().map { index, option in
                PickerOption(id: String(index), title: option.label, detail: option.detail,
                             note: option.enabled ? option.note : [option.note, "unavailable"].compactMap { $0 }.joined(separator: " · "))
            }
            var selected = 0
            if case .picker(let old, let index)? = previous?[field: optionsFieldID]?.kind, old.map(\.title) == options.map(\.title) {
                selected = index
            }
            fields.insert(.picker(optionsFieldID, label: "", options: options, selected: selected), at: 0)
        }
        let buttons = screen.actions.enumerated().map { index, action in
            FormButton(id: "action:\(index)", title: action.label, isEnabled: action.enabled && !screen.isWorking)
        }
        var view = FormView(header: header, title: screen.title, lines: lines(of: screen), fields: fields, buttons: buttons,
                            status: status(of: screen))
        if let previous, previous.title == screen.title, previous.focusOrder.count == view.focusOrder.count {
            view.focus = previous.focus
        } else if let firstError = fields.firstIndex(where: { $0.error != nil }) {
            view.focus = firstError
        }
        return view
    }

    /// The form field id for a flow field id.
    public static func key(for id: FieldID) -> String {
        switch id {
        case .email: "email"
        case .password: "password"
        case .confirmPassword: "confirmPassword"
        case .code: "code"
        case .contact: "contact"
        case .countryCode: "countryCode"
        case .attribute(let name): "attribute:\(name)"
        }
    }

    /// The flow field id for a form field id; `nil` for the options picker.
    public static func fieldID(for key: String) -> FieldID? {
        switch key {
        case "email": .email
        case "password": .password
        case "confirmPassword": .confirmPassword
        case "code": .code
        case "contact": .contact
        case "countryCode": .countryCode
        default: key.hasPrefix("attribute:") ? .attribute(String(key.dropFirst("attribute:".count))) : nil
        }
    }

    private static func field(for field: ScreenField, previous: FormField?) -> FormField {
        let id = key(for: field.id)
        let label = field.required ? field.label : "\(field.label) (optional)"
        var form: FormField
        switch field.kind {
        case .text, .email, .phone, .number:
            form = .text(id, label: label, value: field.value)
        case .secret:
            form = .password(id, label: label)
            form.editor.insert(field.value)
            if case .password(let revealed)? = previous?.kind { form.kind = .password(revealed: revealed) }
        case .code(let length):
            form = .code(id, label: label, length: length)
            form.editor.insert(field.value)
        case .toggle:
            form = .toggle(id, label: label, isOn: field.value == "true")
        case .picker(let choices):
            let options = choices.map { PickerOption(id: $0, title: $0) }
            form = .picker(id, label: label, options: options, selected: choices.firstIndex(of: field.value) ?? 0)
        }
        if let previous, previous.value == form.value, previous.isTextual { form.editor = previous.editor }
        form.error = field.error
        form.note = field.note
        return form
    }

    private static func lines(of screen: Screen) -> [String] {
        var lines = screen.text
        if !screen.details.isEmpty {
            let width = screen.details.map { $0.label.count }.max() ?? 0
            lines += screen.details.map { $0.label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.value }
        }
        return lines
    }

    private static func status(of screen: Screen) -> StatusLine? {
        if let message = screen.message { return StatusLine(message, kind: .error) }
        if screen.isWorking {
            // Progress of a long request (the reset's polls) rides along with the working text.
            let progress = screen.notice.map { "  \($0)" } ?? ""
            return StatusLine((screen.status ?? "Working…") + progress + "  (Esc cancels)")
        }
        if let status = screen.status { return StatusLine(status) }
        if let notice = screen.notice { return StatusLine(notice, kind: .success) }
        return nil
    }
}
