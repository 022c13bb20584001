/// A grid of ``Cell``s that screens render into and backends draw from.
///
/// Rendering never talks to a terminal: it writes into a `Buffer`, and a ``Backend`` draws the
/// buffer. Writing keeps wide graphemes whole: a grapheme that does not fit before the right edge is
/// not drawn, and overwriting half of a wide grapheme blanks its other half.
public struct Buffer: Hashable, Sendable {
    /// Columns and rows.
    public let size: Size
    /// Row-major cells, `size.width` per row.
    public private(set) var cells: [Cell]

    /// A buffer of blank cells.
    public init(size: Size) {
        self.size = size
        cells = Array(repeating: .blank(), count: size.width * size.height)
    }

    /// The cell at column `x`, row `y`; a blank cell outside the buffer.
    public subscript(x: Int, y: Int) -> Cell {
        guard contains(x: x, y: y) else { return .blank() }
        return cells[y * size.width + x]
    }

    private func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < size.width && y < size.height
    }

    private mutating func set(_ cell: Cell, x: Int, y: Int) {
        guard contains(x: x, y: y) else { return }
        let old = self[x, y]
        // Never leave half of a wide grapheme behind.
        if old.isContinuation, x > 0, self[x - 1, y].width == 2 {
            cells[y * size.width + x - 1] = .blank(self[x - 1, y].style)
        }
        if old.width == 2, x + 1 < size.width, cell.width != 2 {
            cells[y * size.width + x + 1] = .blank(old.style)
        }
        cells[y * size.width + x] = cell
    }

    /// Writes `text` from `origin`, one grapheme per cell (two for wide ones), clipped at `maxWidth`
    /// columns and at the right edge.
    /// - Returns: the number of columns written.
    @discardableResult
    public mutating func write(_ text: String, at origin: Point, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard origin.y >= 0, origin.y < size.height else { return 0 }
        let limit = min(size.width, origin.x + (maxWidth ?? size.width))
        var x = origin.x
        for grapheme in text {
            let width = DisplayWidth.of(grapheme)
            if width == 0 { continue }
            if x + width > limit {
                // A wide grapheme with one column left: pad instead of splitting it.
                if x < limit { set(.blank(style), x: x, y: origin.y); x += 1 }
                break
            }
            if x >= 0 {
                set(Cell(grapheme: String(grapheme), width: width, style: style), x: x, y: origin.y)
                if width == 2 { set(Cell(grapheme: "", width: 0, style: style), x: x + 1, y: origin.y) }
            }
            x += width
        }
        return x - origin.x
    }

    /// Writes `text` from `origin` in at most `width` columns (and not past the right edge), ending with
    /// `…` when it does not fit, so a cut is never silent.
    /// - Returns: the number of columns written.
    @discardableResult
    public mutating func writeCut(_ text: String, at origin: Point, style: Style = .plain, width: Int) -> Int {
        let room = min(width, size.width - origin.x)
        return write(TextWrap.truncate(text, width: max(0, room)), at: origin, style: style, maxWidth: room)
    }

    /// Writes `text` at the right end of `row`, one column in from the edge, with one blank column before it. What
    /// the row shows that would run into it is cut there and ends with `…`, as ``writeCut(_:at:style:width:)`` does.
    public mutating func writeAtRowEnd(_ text: String, row: Int, style: Style = .plain) {
        let start = size.width - DisplayWidth.of(text) - 1
        guard start >= 2 else { return }
        if (start - 1..<size.width).contains(where: { self[$0, row].grapheme != " " }) {
            let cut = self[start - 2, row].style
            fill(Rect(x: start - 2, y: row, width: size.width - start + 2, height: 1), style: cut)
            write("…", at: Point(x: start - 2, y: row), style: cut)
        }
        write(text, at: Point(x: start, y: row), style: style)
    }

    /// A box's top or bottom edge: the corners `start` and `end` with `width` columns of `─` between, `left` two
    /// columns in (cut with `…`), and `right` as a hint against the end corner when both fit.
    public mutating func writeBorder(_ start: String, _ end: String, left: String, style: Style = .title, right: String = "",
                                     width: Int, at origin: Point) {
        write(start + String(repeating: "─", count: width) + end, at: origin)
        writeCut(left, at: Point(x: origin.x + 2, y: origin.y), style: style, width: width - 2)
        let rightWidth = DisplayWidth.of(right)
        if rightWidth + DisplayWidth.of(left) + 4 <= width {
            write(right, at: Point(x: origin.x + width - rightWidth, y: origin.y), style: .hint)
        }
    }

    /// Fills `rect` with spaces in `style`.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { set(.blank(style), x: x, y: y) }
        }
    }

    /// The text of each row with continuation cells skipped and trailing spaces kept.
    public func lines() -> [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width where !self[x, y].isContinuation { line += self[x, y].grapheme }
            return line
        }
    }

    /// The buffer as text, the form snapshot tests and the screen gallery compare: one line per row between
    /// `|` edges (so trailing spaces and the width show), then `cursor x,y` or `cursor hidden`.
    public func snapshotText(cursor: Point?) -> String {
        let rows = lines().map { "|\($0)|" }
        let cursorLine = cursor.map { "cursor \($0.x),\($0.y)" } ?? "cursor hidden"
        return (rows + [cursorLine]).joined(separator: "\n") + "\n"
    }
}
