import Localization
import TerminalUI

/// A panel under the form: the outbox of the embedded emulator, or the HTTP trace.
enum Pane: Equatable {
    case none, outbox, trace

    /// The fewest terminal rows that leave room for a pane under the form.
    static let minimumTerminalHeight = PaneContent.minimumTerminalHeight

    /// Draws `title` and the last lines of `lines` into `area` of `buffer`, unframed (the trace inspector's
    /// outbox column); `empty` when there are none.
    static func draw(title: String, lines: [String], empty: String, in area: Rect, into buffer: inout Buffer) {
        guard area.height > 0 else { return }
        buffer.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), style: .header)
        buffer.writeCut(title, at: Point(x: area.x + 1, y: area.y), style: .header, width: area.width - 2)
        let shown = lines.suffix(area.height - 1)
        for (offset, line) in shown.enumerated() {
            // A line too long for the pane (an 8-digit code at its end) ends with "…": never cut silently.
            buffer.writeCut(line, at: Point(x: area.x + 1, y: area.y + 1 + offset), style: .plain, width: area.width - 2)
        }
        if shown.isEmpty {
            buffer.write(empty, at: Point(x: area.x + 1, y: area.y + 1), style: .hint)
        }
    }
}

/// The console's panes as ``FormRenderer`` draws them under a form: the full-screen session and the screen
/// gallery (`scripts/gallery`) build them here, so both show the same frame, title and keys.
public enum ConsolePanes {
    /// The embedded emulator's outbox: one line per code sent (``SentCode/paneLine``), oldest first.
    /// - Parameter cleared: enrolment mode after a person finished: the emptied pane says so.
    public static func outbox(_ lines: [String], cleared: Bool = false) -> PaneContent {
        PaneContent(title: tr("pane.outbox.title"), keys: tr("pane.outbox.keys"), lines: lines, empty: empty(cleared))
    }

    /// The HTTP trace: one line per exchange, secrets redacted. - Parameter exportsHAR: F4 is bound (not at a desk).
    public static func trace(_ lines: [String], cleared: Bool = false, exportsHAR: Bool = true) -> PaneContent {
        PaneContent(title: tr("pane.trace.title"), keys: exportsHAR ? tr("pane.trace.keys") : tr("pane.trace.keysAtDesk"), lines: lines,
                    empty: empty(cleared))
    }

    /// Empty: cleared between people, or nothing to show (none yet, or the emulator forgot its expired codes).
    private static func empty(_ cleared: Bool) -> String { cleared ? tr("pane.cleared") : tr("pane.empty") }
}

extension Buffer {
    /// Copies `other` onto this buffer with its top-left corner at `origin`.
    mutating func paste(_ other: Buffer, at origin: Point) {
        for y in 0..<other.size.height {
            for x in 0..<other.size.width where !other[x, y].isContinuation {
                let cell = other[x, y]
                write(cell.grapheme, at: Point(x: origin.x + x, y: origin.y + y), style: cell.style)
            }
        }
    }
}
