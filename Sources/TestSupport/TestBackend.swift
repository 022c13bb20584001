import TerminalUI

/// An in-memory ``Backend``: keeps the drawn cells and the cursor, and replays queued events.
///
/// Tests render into it and compare ``snapshot()`` with a file (see ``assertSnapshot(_:named:filePath:)``).
public final class TestBackend: Backend {
    /// The simulated terminal size; change it with ``resize(to:)``.
    public private(set) var size: Size
    /// What was last flushed.
    public private(set) var buffer: Buffer
    /// Where the cursor was last put.
    public private(set) var cursor: Point = Point(x: 0, y: 0)
    /// Whether the cursor is shown.
    public private(set) var cursorVisible = false
    /// Events `nextEvent(timeout:)` hands out in order; `.tick` once empty.
    public var events: [InputEvent] = []
    private var pending: Buffer
    /// Everything written to the terminal besides the screen (the clipboard's OSC 52), in order.
    public private(set) var written: [String] = []
    /// Every frame shown, as ``snapshot()`` gives it, in order.
    public private(set) var frames: [String] = []
    /// Whether ``copyToClipboard(_:)`` succeeds (false: a dumb terminal).
    public var takesClipboard = true

    public init(size: Size = Size(width: 80, height: 24)) {
        self.size = size
        buffer = Buffer(size: size)
        pending = buffer
    }

    /// Queues a resize: the size changes when the event is handed out, in order with the keys queued around it, as a
    /// terminal's does between the keys typed before and after.
    public func resize(to newSize: Size) {
        events.append(.resized(newSize))
    }

    /// Queues the keys a terminal would send as `raw` bytes (escape sequences, pastes), decoded by
    /// the same ``InputDecoder`` a real backend uses.
    public func type(_ raw: String) {
        var decoder = InputDecoder()
        events += (decoder.decode(Array(raw.utf8)) + decoder.flushPendingEscape()).map { .key($0) }
    }

    public func draw(_ buffer: Buffer) { pending = buffer }
    public func moveCursor(to point: Point) { cursor = point }
    public func setCursorVisible(_ visible: Bool) { cursorVisible = visible }
    public func clear() { pending = Buffer(size: size) }
    public func flush() {
        buffer = pending
        frames.append(snapshot())
    }

    public func copyToClipboard(_ text: String) -> Bool {
        guard takesClipboard else { return false }
        written.append(Clipboard.osc52(text))
        return true
    }

    public func nextEvent(timeout: Duration) -> InputEvent {
        guard !events.isEmpty else { return .tick }
        let event = events.removeFirst()
        if case .resized(let newSize) = event {
            size = newSize
            pending = Buffer(size: newSize)
        }
        return event
    }

    /// The screen as text: one line per row between `|` edges (so trailing spaces and the width
    /// show), then the cursor.
    public func snapshot() -> String {
        TestBackend.snapshot(buffer, cursor: cursorVisible ? cursor : nil)
    }

    /// A buffer as snapshot text.
    public static func snapshot(_ buffer: Buffer, cursor: Point?) -> String {
        buffer.snapshotText(cursor: cursor)
    }
}
