/// The F1 help screen: every binding of the keymap plus the field editing keys.
public enum HelpScreen {
    /// Renders the help for `keymap` over the whole of `buffer`, `scroll` rows down when it is taller
    /// than the screen (PgUp/PgDn and ↑/↓ scroll it; any other key leaves it).
    public static func render(_ keymap: Keymap, header: HeaderInfo?, scroll: Int = 0, into buffer: inout Buffer) {
        // Keys and what they do as label/value details: a long description wraps under itself, not
        // under the keys, and a narrow terminal puts it under its keys.
        var rows = keymap.bindings.map { FormDetail($0.keyLabel, $0.help) }
        // The blank separator goes first when rows are short.
        if rows.count + 1 + Keymap.editingHelp.count <= buffer.size.height - 4 { rows.append(FormDetail("", "")) }
        rows.append(contentsOf: Keymap.editingHelp.map { FormDetail($0.keys, $0.help) })
        var form = FormView(header: header, title: "Keys", details: rows,
                            status: StatusLine("Press any key to go back; Ctrl-C quits."), keymap: Keymap(bindings: []))
        form.scroll = max(0, scroll)
        FormRenderer.render(form, into: &buffer)
    }
}
