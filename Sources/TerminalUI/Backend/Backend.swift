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
    /// Puts `text` on the terminal's clipboard (``Clipboard/osc52(_:)``).
    /// - Returns: false, with nothing written, when the terminal cannot take it (`TERM=dumb`).
    func copyToClipboard(_ text: String) -> Bool
}

extension Backend {
    /// Renders `form` at the backend's size, with `help` over it when open, draws it, places the cursor, and flushes.
    public func present(_ form: FormView, help: HelpOverlay? = nil) {
        var buffer = Buffer(size: size)
        var cursor = FormRenderer.render(form, into: &buffer)
        if let help { cursor = help.render(over: &buffer) }
        show(buffer, cursor: cursor)
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
