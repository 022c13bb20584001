/// Runs one form on a backend until the user submits, goes back or quits.
///
/// The loop every full-screen form uses: draw, wait for an event, hand keys to the form, redraw on
/// resize (the form keeps every value, only the layout changes), call `onTick` when idle so the
/// caller can move countdowns. F1 (or `?` outside a text field) opens the help overlay until Esc; the
/// quit key (Ctrl-C) quits from it as from the form.
public struct FormSession {
    /// How the form ended, with the form as the user left it.
    public enum Ending: Hashable, Sendable {
        /// Enter: the focused button's id, or nil when Enter was pressed in a field.
        case submitted(button: String?)
        /// The back key (Esc), or `onTick` asked to end.
        case back
        /// The quit key (Ctrl-C), or the input closed (the terminal hung up).
        case quit
    }

    /// The form, with everything the user typed so far.
    public var form: FormView
    /// How long to wait for input before a tick.
    public var tick: Duration

    /// A session on `form`; `tick` is the idle wait before each `onTick` (1 second by default).
    public init(form: FormView, tick: Duration = .seconds(1)) {
        self.form = form
        self.tick = tick
    }

    /// Runs until the form ends.
    /// - Parameters:
    ///   - onLeaveField: called with the form and a field's id when focus leaves that field, to
    ///     validate it and set its `error` (the value is kept whatever the error).
    ///   - onTick: called on every idle tick with the form, to update countdowns; return true to end
    ///     the session with `.back` (e.g. a flow that expired).
    public mutating func run(on backend: some Backend,
                             onLeaveField: (inout FormView, String) -> Void = { _, _ in },
                             onTick: (inout FormView) -> Bool = { _ in false }) -> Ending {
        var help: HelpOverlay?
        backend.present(form)
        while true {
            switch backend.nextEvent(timeout: tick) {
            case .inputClosed:
                return .quit
            case .resized:
                backend.clear()
            case .tick:
                if onTick(&form) { return .back }
            case .key(let key):
                if var open = help {
                    if form.keymap.command(for: key) == .quit { return .quit }
                    help = open.handle(key) == .closed ? nil : open
                    break
                }
                if form.keymap.command(for: key) == .scroll { form.paging = FormRenderer.paging(form, size: backend.size) }
                switch form.handle(key) {
                case .submitted(let button): return .submitted(button: button)
                case .back: return .back
                case .quit: return .quit
                case .help:
                    help = HelpOverlay(title: form.words(.helpOnThisScreen), entries: form.helpEntries(on: backend.size), words: form.words)
                case .leftField(let id): onLeaveField(&form, id)
                case .changed, .ignored, .app: break
                }
            }
            backend.present(form, help: help)
        }
    }
}
