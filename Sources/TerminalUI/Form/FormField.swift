/// One field of a form, as data: label, kind, the text being edited, and its messages.
///
/// Errors that belong to a field are shown under it (server suberrors, failed regex, required);
/// the field keeps the user's input whatever the error.
public struct FormField: Hashable, Sendable {
    /// Identifier handed back to the flow, e.g. the attribute name.
    public var id: String
    /// What the user sees before the box.
    public var label: String
    /// Kind of input and its kind-specific state (reveal, toggle, selection).
    public var kind: FieldKind
    /// The text of text, password and code fields.
    public var editor: TextEditor
    /// A message in error style under the field.
    public var error: String?
    /// A hint under the field (policy, format).
    public var note: String?
    /// An unlabeled picker whose entries lead somewhere (the home menu, a list of rows to open) rather than
    /// being one answer's alternatives: drawn as a menu, the chosen row highlighted, not as radio buttons.
    public var isMenu = false

    /// A field with an empty editor and no messages by default; the static builders set up each kind.
    public init(id: String, label: String, kind: FieldKind, editor: TextEditor = TextEditor(),
                error: String? = nil, note: String? = nil) {
        self.id = id
        self.label = label
        self.kind = kind
        self.editor = editor
        self.error = error
        self.note = note
    }

    /// A text field.
    public static func text(_ id: String, label: String, value: String = "", note: String? = nil) -> FormField {
        FormField(id: id, label: label, kind: .text, editor: TextEditor(text: value), note: note)
    }

    /// A whole-number field (attribute type `int`): digits and a sign only, other characters refused as
    /// they are typed or pasted, as in a code field.
    public static func number(_ id: String, label: String, value: String = "", note: String? = nil) -> FormField {
        FormField(id: id, label: label, kind: .text,
                  editor: TextEditor(text: value, allowed: { ($0.isASCII && $0.isNumber) || $0 == "-" || $0 == "+" }), note: note)
    }

    /// A masked password field.
    public static func password(_ id: String, label: String, note: String? = nil) -> FormField {
        FormField(id: id, label: label, kind: .password(revealed: false), note: note)
    }

    /// A code field of `length` digits; other characters are refused as they are typed or pasted.
    public static func code(_ id: String, label: String, length: Int, note: String? = nil) -> FormField {
        FormField(id: id, label: label, kind: .code(length: length, revealed: false),
                  editor: TextEditor(maxLength: length, allowed: { $0.isASCII && $0.isNumber }), note: note)
    }

    /// An on/off field.
    public static func toggle(_ id: String, label: String, isOn: Bool = false, note: String? = nil) -> FormField {
        FormField(id: id, label: label, kind: .toggle(isOn: isOn), note: note)
    }

    /// A choice among `options`.
    public static func picker(_ id: String, label: String, options: [PickerOption], selected: Int = 0) -> FormField {
        FormField(id: id, label: label, kind: .picker(options: options, selected: selected))
    }

    /// The value the flow reads: the text, `"true"`/`"false"` for a toggle, the option id for a picker.
    public var value: String {
        switch kind {
        case .text, .password, .code: return editor.text
        case .toggle(let isOn): return isOn ? "true" : "false"
        case .picker(let options, let selected): return options.indices.contains(selected) ? options[selected].id : ""
        }
    }

    /// True for password and code fields, whose text is wiped after use.
    public var isSecret: Bool {
        switch kind {
        case .password, .code: return true
        case .text, .toggle, .picker: return false
        }
    }

    /// Masks a revealed password or code field again; other kinds are left as they are.
    public mutating func hideSecret() {
        switch kind {
        case .password: kind = .password(revealed: false)
        case .code(let length, _): kind = .code(length: length, revealed: false)
        case .text, .toggle, .picker: break
        }
    }

    /// True when the field edits text and shows the terminal cursor.
    public var isTextual: Bool {
        switch kind {
        case .text, .password, .code: return true
        case .toggle, .picker: return false
        }
    }

    /// True for a labeled picker longer than ``ChoiceList/collapseAbove``: drawn as one row showing its
    /// value, chosen in a ``ChoiceList``. (A screen's own list, unlabeled, is always drawn whole.)
    public var isCollapsed: Bool {
        guard case .picker(let options, _) = kind else { return false }
        return !label.isEmpty && options.count > ChoiceList.collapseAbove
    }

    /// Applies a key meant for this field.
    /// - Returns: false if the field does not use the key.
    mutating func handle(_ key: Key) -> Bool {
        switch kind {
        case .text, .password, .code:
            return editor.handle(key)
        case .toggle(let isOn):
            guard key == .character(" ") else { return false }
            kind = .toggle(isOn: !isOn)
            return true
        case .picker(let options, let selected):
            // A collapsed picker hides its options: ↑/↓ move focus, as from any one-row field.
            if isCollapsed { return false }
            // At either end ↑/↓ fall through to the keymap and move focus.
            if key == .down, selected + 1 < options.count { kind = .picker(options: options, selected: selected + 1); return true }
            if key == .up, selected > 0 { kind = .picker(options: options, selected: selected - 1); return true }
            return false
        }
    }
}
