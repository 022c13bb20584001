import TerminalUI

/// A panel under the form: the outbox of the embedded emulator, or the HTTP trace.
enum Pane: Equatable {
    case none, outbox, trace

    /// The fewest terminal rows that leave room for a pane under the form.
    static let minimumTerminalHeight = 16

    /// Rows the pane takes on a screen `height` rows tall (none on a very small screen).
    func height(for height: Int) -> Int {
        self == .none || height < Self.minimumTerminalHeight ? 0 : min(8, height / 3)
    }

    /// Draws `title` and the last lines of `lines` into `area` of `buffer`; `empty` when there are none.
    static func draw(title: String, lines: [String], empty: String, in area: Rect, into buffer: inout Buffer) {
        guard area.height > 0 else { return }
        buffer.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), style: .header)
        buffer.write(title, at: Point(x: area.x + 1, y: area.y), style: .header, maxWidth: area.width - 2)
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
