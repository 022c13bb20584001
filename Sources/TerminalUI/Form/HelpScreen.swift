/// The F1 help screen: every binding of the keymap plus the field editing keys.
public enum HelpScreen {
    /// Renders the help for `keymap` over the whole of `buffer`.
    public static func render(_ keymap: Keymap, header: HeaderInfo?, into buffer: inout Buffer) {
        var lines = keymap.bindings.map { pad($0.keyLabel) + $0.help }
        // The help screen cannot scroll (any key leaves it): the blank separator goes first when rows are short.
        if lines.count + 1 + Keymap.editingHelp.count <= buffer.size.height - 4 { lines.append("") }
        lines.append(contentsOf: Keymap.editingHelp.map { pad($0.keys) + $0.help })
        let form = FormView(header: header, title: "Keys", lines: lines,
                            status: StatusLine("Press any key to go back."), keymap: Keymap(bindings: []))
        FormRenderer.render(form, into: &buffer)
    }

    private static func pad(_ text: String) -> String {
        text + String(repeating: " ", count: max(1, 22 - DisplayWidth.of(text)))
    }
}
