import TerminalUI

/// A form with one field of each kind taking keys, rendered at the moments `fuzzTerminalInput` describes.
struct FormUnderInput {
    private var size: Size
    private var form = Self.fresh()

    init(size: Size) { self.size = size }

    mutating func resize(to size: Size) {
        self.size = size
        render()
    }

    mutating func apply(_ key: Key) {
        switch form.handle(key) {
        case .submitted, .back, .quit:
            render()
            form = Self.fresh()
        case .help:
            // The help overlay over the form, as the console draws it, taking the next keys as its filter.
            var buffer = Buffer(size: size)
            _ = FormRenderer.render(form, into: &buffer)
            var help = HelpOverlay(title: form.title, entries: form.helpEntries(on: size))
            _ = help.handle(key)
            _ = help.render(over: &buffer)
        case .ignored, .changed, .leftField, .app:
            break
        }
    }

    func render() {
        var buffer = Buffer(size: size)
        _ = FormRenderer.render(form, into: &buffer)
    }

    private static func fresh() -> FormView {
        FormView(title: "Fuzz", lines: ["Every key lands in a field, a picker or a button."],
                 fields: [.text("name", label: "Name"), .password("password", label: "Password"),
                          FormField(id: "code", label: "Code", kind: .code(length: 6, revealed: false)),
                          FormField(id: "toggle", label: "Toggle", kind: .toggle(isOn: false)),
                          FormField(id: "pick", label: "Pick", kind: .picker(options: [PickerOption(id: "a", title: "A"),
                                                                                        PickerOption(id: "b", title: "B")],
                                                                              selected: 0))],
                 buttons: [FormButton(id: "go", title: "Go")])
    }
}
