/// The body of a form as a list of one-row drawing steps, each knowing which focusable item owns
/// it, so the renderer can scroll to the focused item.
struct FormBody {
    struct Row {
        var owner: FormView.Focusable?
        /// Draws the row at `(x, y)`; returns the cursor position if the row holds it.
        var draw: (inout Buffer, Int, Int) -> Point?
    }

    private(set) var rows: [Row] = []

    init(form: FormView, width: Int) {
        for paragraph in form.lines {
            for line in TextWrap.wrap(paragraph, width: width) {
                rows.append(Row(owner: nil) { buffer, x, y in buffer.write(line, at: Point(x: x, y: y)); return nil })
            }
        }
        if !form.lines.isEmpty { rows.append(Row(owner: nil) { _, _, _ in nil }) }
        let labelWidth = min((form.fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 3, width / 3)
        let focused = form.focused
        for (index, field) in form.fields.enumerated() {
            // A blank row between fields keeps labels and their messages apart.
            if index > 0 { rows.append(Row(owner: nil) { _, _, _ in nil }) }
            appendField(field, owner: .field(index), focused: focused == .field(index), labelWidth: labelWidth, width: width)
        }
        if !form.buttons.isEmpty {
            rows.append(Row(owner: nil) { _, _, _ in nil })
            let buttons = form.buttons
            rows.append(Row(owner: focused.flatMap { if case .button = $0 { $0 } else { nil } }) { buffer, x, y in
                var column = x + 2
                for (index, button) in buttons.enumerated() {
                    let style: Style = focused == .button(index) ? .focused : (button.isEnabled ? .plain : .hint)
                    column += buffer.write("[ \(button.title) ]", at: Point(x: column, y: y), style: style) + 2
                }
                return nil
            })
        }
    }

    private mutating func appendField(_ field: FormField, owner: FormView.Focusable, focused: Bool, labelWidth: Int, width: Int) {
        let marker = focused ? "▸ " : "  "
        let label = marker + TextWrap.truncate(field.label, width: labelWidth - 3)
        let boxX = labelWidth
        switch field.kind {
        case .text, .password, .code:
            let inner: Int
            if case .code(let length, _) = field.kind { inner = max(1, length * 2 - 1) } else { inner = max(1, width - boxX - 2) }
            rows.append(Row(owner: owner) { buffer, x, y in
                buffer.write(label, at: Point(x: x, y: y), style: focused ? .title : .plain)
                let cursor = FieldBox.render(field, focused: focused, into: &buffer, origin: Point(x: x + boxX, y: y), inner: inner)
                return focused ? cursor : nil
            })
        case .toggle(let isOn):
            rows.append(Row(owner: owner) { buffer, x, y in
                buffer.write(label, at: Point(x: x, y: y), style: focused ? .title : .plain)
                buffer.write(isOn ? "[x]" : "[ ]", at: Point(x: x + boxX, y: y), style: focused ? .focused : .plain)
                return nil
            })
        case .picker(let options, let selected):
            rows.append(Row(owner: owner) { buffer, x, y in
                buffer.write(label, at: Point(x: x, y: y), style: focused ? .title : .plain)
                return nil
            })
            for (index, option) in options.enumerated() {
                rows.append(Row(owner: owner) { buffer, x, y in
                    let chosen = index == selected
                    let style: Style = chosen && focused ? .focused : .plain
                    var column = x + 4
                    column += buffer.write((chosen ? "(•) " : "( ) ") + option.title, at: Point(x: column, y: y), style: style)
                    if let detail = option.detail {
                        column += buffer.write("  " + detail, at: Point(x: column, y: y), maxWidth: x + width - column)
                    }
                    if let note = option.note, column < x + width {
                        buffer.write("  " + note, at: Point(x: column, y: y), style: .hint, maxWidth: x + width - column)
                    }
                    return nil
                })
            }
        }
        let indent = boxX + 1
        if let error = field.error {
            for line in TextWrap.wrap("✗ " + error, width: width - indent) {
                rows.append(Row(owner: owner) { buffer, x, y in buffer.write(line, at: Point(x: x + indent, y: y), style: .error); return nil })
            }
        }
        if let note = field.note {
            for line in TextWrap.wrap(note, width: width - indent) {
                rows.append(Row(owner: owner) { buffer, x, y in buffer.write(line, at: Point(x: x + indent, y: y), style: .hint); return nil })
            }
        }
    }
}
