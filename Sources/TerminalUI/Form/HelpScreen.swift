/// The F1 help screen: every binding of the keymap plus the field editing keys.
public enum HelpScreen {
    /// Renders the help for `keymap` over the whole of `buffer`, `scroll` rows down when it is taller
    /// than the screen (PgUp/PgDn and ↑/↓ scroll it; any other key leaves it).
    public static func render(_ keymap: Keymap, header: HeaderInfo?, scroll: Int = 0, into buffer: inout Buffer) {
        var lines = keymap.bindings.map { pad($0.keyLabel) + $0.help }
        // The blank separator goes first when rows are short.
        if lines.count + 1 + Keymap.editingHelp.count <= buffer.size.height - 4 { lines.append("") }
        lines.append(contentsOf: Keymap.editingHelp.map { pad($0.keys) + $0.help })
        var form = FormView(header: header, title: "Keys", lines: lines,
                            status: StatusLine("Press any key to go back."), keymap: Keymap(bindings: []))
        form.scroll = max(0, scroll)
        FormRenderer.render(form, into: &buffer)
    }

    private static func pad(_ text: String) -> String {
        text + String(repeating: " ", count: max(1, 22 - DisplayWidth.of(text)))
    }
}
