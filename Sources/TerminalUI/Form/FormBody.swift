/// The body of a form as a list of one-row drawing steps, each knowing which focusable item owns
/// it, so the renderer can scroll to the focused item.
struct FormBody {
    struct Row {
        var owner: FormView.Focusable?
        /// The chosen entry of a picker: a list taller than the body scrolls to keep it in view.
        var isChosen = false
        /// Draws the row at `(x, y)`; returns the cursor position if the row holds it.
        var draw: (inout Buffer, Int, Int) -> Point?
    }

    /// Text, banner, details and fields: the part that scrolls.
    private(set) var rows: [Row] = []
    /// The buttons, kept in view under the rows (see ``FormRenderer``); a screen's actions are never
    /// scrolled away.
    private(set) var buttonRows: [Row] = []

    /// - Parameter detailsLast: the details go after the fields, not before them (see ``FormRenderer``: where a longer
    ///   language's details would push the first field out of view, they follow the fields and scroll).
    init(form: FormView, width: Int, detailsLast: Bool = false) {
        for paragraph in form.lines {
            for line in TextWrap.wrap(paragraph, width: width) { appendText(line) }
        }
        let followsText = form.banner != nil || !form.details.isEmpty || !form.fields.isEmpty
        // A blank row after the text, when anything but the buttons follows it (they bring their own).
        if !form.lines.isEmpty, followsText { rows.append(Row(owner: nil) { _, _, _ in nil }) }
        if let banner = form.banner {
            appendBanner(banner, width: width)
            if !form.details.isEmpty || !form.fields.isEmpty { rows.append(Row(owner: nil) { _, _, _ in nil }) }
        }
        if !detailsLast {
            appendDetails(form.details, width: width)
            // Fields need a blank row after the details; buttons bring their own.
            if !form.details.isEmpty, !form.fields.isEmpty { rows.append(Row(owner: nil) { _, _, _ in nil }) }
        }
        // Labels get up to two fifths of the width, so "Loyalty number (optional)" fits at 80 columns.
        let labelWidth = min((form.fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 3, width * 2 / 5)
        let focused = form.focused
        for (index, field) in form.fields.enumerated() {
            // A blank row between fields keeps labels and their messages apart.
            if index > 0 { rows.append(Row(owner: nil) { _, _, _ in nil }) }
            appendField(field, owner: .field(index), focused: focused == .field(index), labelWidth: labelWidth, width: width)
        }
        if detailsLast, !form.details.isEmpty {
            if !form.fields.isEmpty { rows.append(Row(owner: nil) { _, _, _ in nil }) }
            appendDetails(form.details, width: width)
        }
        if !form.buttons.isEmpty {
            appendButtons(form.buttons, focused: focused, width: width)
        }
    }

    /// A row showing only `text`, `indent` columns in.
    private mutating func appendText(_ text: String, indent: Int = 0, style: Style = .plain, owner: FormView.Focusable? = nil) {
        rows.append(Row(owner: owner) { buffer, x, y in buffer.write(text, at: Point(x: x + indent, y: y), style: style); return nil })
    }

    /// The banner centred in reverse video: spaced out (`" A B C D "`) when that fits, else as it is,
    /// else wrapped over several rows, so no character is ever cut.
    private mutating func appendBanner(_ banner: String, width: Int) {
        let spaced = " " + banner.map(String.init).joined(separator: " ") + " "
        let plain = " " + banner + " "
        let lines = DisplayWidth.of(spaced) <= width ? [spaced]
            : DisplayWidth.of(plain) <= width ? [plain] : TextWrap.wrap(banner, width: width)
        for line in lines {
            appendText(line, indent: max(0, (width - DisplayWidth.of(line)) / 2), style: .banner)
        }
    }

    /// Buttons side by side, wrapping to further rows when they do not fit, so none is cut off.
    private mutating func appendButtons(_ buttons: [FormButton], focused: FormView.Focusable?, width: Int) {
        var lines: [[Int]] = [[]]
        var used = 2
        for (index, button) in buttons.enumerated() {
            let needed = DisplayWidth.of("[ \(button.title) ]") + 2
            if used + needed - 2 > width, !(lines[lines.count - 1].isEmpty) {
                lines.append([])
                used = 2
            }
            lines[lines.count - 1].append(index)
            used += needed
        }
        for line in lines {
            let owner = line.first { focused == .button($0) }.map { FormView.Focusable.button($0) }
            buttonRows.append(Row(owner: owner) { buffer, x, y in
                var column = x + 2
                for index in line {
                    let button = buttons[index]
                    let style: Style = focused == .button(index) ? .focused : (button.isEnabled ? .plain : .hint)
                    column += buffer.write("[ \(button.title) ]", at: Point(x: column, y: y), style: style) + 2
                }
                return nil
            })
        }
    }

    /// Labels in one column, values in the next; a value too long for its column wraps inside it.
    /// When the labels would leave the values less than half the width, each value goes under its label.
    private mutating func appendDetails(_ details: [FormDetail], width: Int) {
        guard !details.isEmpty else { return }
        let column = (details.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2
        let stacked = column > width / 2
        for detail in details {
            // An address or path too long for its column goes under its label from the content's first column,
            // on lines of its own, so selecting those lines in the terminal selects it and nothing else.
            let underLabel = stacked || TextWrap.hasLongLocator(detail.value, width: width - column)
            let valueX = stacked ? 2 : underLabel ? 0 : column
            let valueLines = TextWrap.wrap(detail.value, width: max(1, width - valueX))
            rows.append(Row(owner: nil) { buffer, x, y in
                buffer.writeCut(detail.label, at: Point(x: x, y: y), style: .hint, width: width)
                if !underLabel, let first = valueLines.first { buffer.write(first, at: Point(x: x + valueX, y: y)) }
                return nil
            })
            for line in valueLines.dropFirst(underLabel ? 0 : 1) { appendText(line, indent: valueX) }
        }
    }

    /// A menu: one row per entry, the chosen one marked `▸` and highlighted across the width (bold and
    /// reversed, so it shows without colour) while the menu has the focus; Enter opens it.
    private mutating func appendMenu(_ options: [PickerOption], selected: Int, owner: FormView.Focusable, focused: Bool, width: Int) {
        for (index, option) in options.enumerated() {
            let chosen = index == selected
            rows.append(Row(owner: owner, isChosen: chosen) { buffer, x, y in
                let highlighted = chosen && focused
                if highlighted { buffer.fill(Rect(x: x, y: y, width: width, height: 1), style: .menuHighlight) }
                let style: Style = highlighted ? .menuHighlight : (chosen ? .title : .plain)
                var column = x + buffer.writeCut((highlighted ? "▸ " : "  ") + option.title, at: Point(x: x, y: y), style: style, width: width)
                let extras: [(String?, Style)] = [(option.detail, .plain), (option.note, .hint)]
                for case (let text?, let plainStyle) in extras where column < x + width {
                    column += buffer.writeCut("  " + text, at: Point(x: column, y: y), style: highlighted ? .menuHighlight : plainStyle,
                                           width: x + width - column)
                }
                return nil
            })
        }
    }

    private mutating func appendField(_ field: FormField, owner: FormView.Focusable, focused: Bool, labelWidth: Int, width: Int) {
        let marker = focused ? "▸ " : "  "
        // A label longer than its column (a translation runs longer) goes whole on rows of its own above the field,
        // never cut; the field keeps its column.
        let stacked = DisplayWidth.of(field.label) > labelWidth - 3
        if stacked {
            for (index, line) in TextWrap.wrap(field.label, width: max(1, width - 2)).enumerated() {
                appendText((index == 0 ? marker : "  ") + line, style: focused ? .title : .plain, owner: owner)
            }
        }
        let label = stacked ? "" : marker + field.label
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
        case .picker(let options, let selected) where field.isCollapsed:
            // One row: the value in a box ending in ▾, opened with Enter (see ``ChoiceList``).
            let title = options.indices.contains(selected) ? options[selected].title : ""
            let inner = max(3, width - boxX - 2)
            rows.append(Row(owner: owner) { buffer, x, y in
                buffer.write(label, at: Point(x: x, y: y), style: focused ? .title : .plain)
                let style: Style = focused ? .focused : .field
                buffer.write("[", at: Point(x: x + boxX, y: y))
                buffer.fill(Rect(x: x + boxX + 1, y: y, width: inner, height: 1), style: style)
                buffer.write(TextWrap.truncate(title, width: inner - 2), at: Point(x: x + boxX + 1, y: y), style: style)
                buffer.write("▾", at: Point(x: x + boxX + inner, y: y), style: style)
                buffer.write("]", at: Point(x: x + boxX + 1 + inner, y: y))
                return nil
            })
        case .picker(let options, let selected):
            // An unlabeled picker (a screen's menu or method list) has no label row: the focus marker
            // goes on the chosen option instead of on a row of its own.
            let labeled = !field.label.isEmpty
            if labeled, !stacked { appendText(label, style: focused ? .title : .plain, owner: owner) }
            if field.isMenu, !labeled {
                appendMenu(options, selected: selected, owner: owner, focused: focused, width: width)
                return
            }
            let optionX = labeled ? 4 : 2
            // Notes go beside their options when every one fits; otherwise each goes under its option,
            // wrapped, so no note is cut and the list reads the same way throughout.
            let noteBeside = options.allSatisfy { option in
                let head = "( ) " + option.title + (option.detail.map { "  " + $0 } ?? "")
                return option.note.map { optionX + DisplayWidth.of(head) + 2 + DisplayWidth.of($0) <= width } ?? true
            }
            for (index, option) in options.enumerated() {
                let chosen = index == selected
                rows.append(Row(owner: owner, isChosen: chosen) { buffer, x, y in
                    if !labeled, chosen, focused { buffer.write("▸", at: Point(x: x, y: y), style: .title) }
                    let style: Style = chosen && focused ? .focused : .plain
                    var column = x + optionX
                    column += buffer.write((chosen ? "(•) " : "( ) ") + option.title, at: Point(x: column, y: y), style: style)
                    if let detail = option.detail {
                        column += buffer.writeCut("  " + detail, at: Point(x: column, y: y), width: x + width - column)
                    }
                    if noteBeside, let note = option.note, column < x + width {
                        buffer.writeCut("  " + note, at: Point(x: column, y: y), style: .hint, width: x + width - column)
                    }
                    return nil
                })
                if !noteBeside, let note = option.note {
                    let noteX = optionX + 4
                    for line in TextWrap.wrap(note, width: max(1, width - noteX)) { appendText(line, indent: noteX, style: .hint, owner: owner) }
                }
            }
        }
        let indent = boxX + 1
        if let error = field.error {
            for line in TextWrap.wrap("✗ " + error, width: width - indent) { appendText(line, indent: indent, style: .error, owner: owner) }
        }
        if let note = field.note {
            for line in TextWrap.wrap(note, width: width - indent) { appendText(line, indent: indent, style: .hint, owner: owner) }
        }
    }
}
