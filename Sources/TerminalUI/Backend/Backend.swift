/// The one small surface that touches a terminal.
///
/// Screens render into a ``Buffer``; a backend draws it. `CursesBackend` implements this over
/// ncursesw; `TestBackend` (in TestSupport) keeps the cells in memory for snapshots.
///
/// - Important: a backend is used from one thread (the input loop); it is not `Sendable`.
public protocol Backend: AnyObject {
    /// The current terminal size.
    var size: Size { get }
    /// Draws every cell of `buffer` (which has this backend's ``size``); shown on ``flush()``.
    func draw(_ buffer: Buffer)
    /// Puts the terminal cursor at `point`.
    func moveCursor(to point: Point)
    /// Shows or hides the terminal cursor.
    func setCursorVisible(_ visible: Bool)
    /// Clears the screen; the next ``flush()`` repaints everything.
    func clear()
    /// Makes what was drawn visible.
    func flush()
    /// Waits for the next key or resize, or returns ``InputEvent/tick`` after `timeout`.
    func nextEvent(timeout: Duration) -> InputEvent
}

extension Backend {
    /// Renders `form` at the backend's size, draws it, places the cursor, and flushes.
    public func present(_ form: FormView) {
        var buffer = Buffer(size: size)
        let cursor = FormRenderer.render(form, into: &buffer)
        show(buffer, cursor: cursor)
    }

    /// Renders the help screen for `form`'s keymap (its open list's, while one is open), `scroll` rows down.
    public func presentHelp(for form: FormView, scroll: Int = 0) {
        var buffer = Buffer(size: size)
        // An open list is answering the keys: its bindings are the ones to explain.
        HelpScreen.render(form.choiceList == nil ? form.keymap : .choiceList, header: form.header, scroll: scroll, into: &buffer)
        show(buffer, cursor: nil)
    }

    /// Draws a rendered buffer and places (or hides) the cursor.
    public func show(_ buffer: Buffer, cursor: Point?) {
        draw(buffer)
        if let cursor {
            moveCursor(to: cursor)
            setCursorVisible(true)
        } else {
            setCursorVisible(false)
        }
        flush()
    }
}
