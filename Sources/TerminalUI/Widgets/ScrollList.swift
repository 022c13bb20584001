/// A column of lines taller than its area: ↑/↓, PgUp/PgDn, Home/End move a selected row (or, when nothing is
/// selectable, the view), and the view scrolls so the selection stays visible.
///
/// Holds only positions: the lines are passed in at each call, so a list that grows or shrinks (a trace, a
/// filter) keeps a valid selection.
public struct ScrollList: Hashable, Sendable {
    /// The selected row (the top row shown when not `selectable`).
    public private(set) var selected = 0
    /// The first row shown.
    public private(set) var top = 0
    /// Whether a row is highlighted and chosen (a list), or the keys only scroll (a text).
    public let selectable: Bool

    /// - Parameter selectable: false for text that is only read (the keys scroll it).
    public init(selectable: Bool = true) {
        self.selectable = selectable
    }

    /// Applies a moving key for `count` rows shown `height` rows at a time.
    /// - Returns: false for keys that do not move (the caller handles them).
    public mutating func handle(_ key: Key, count: Int, height: Int) -> Bool {
        let page = max(1, height - 1)
        switch key {
        case .up: move(by: -1, count: count, height: height)
        case .down: move(by: 1, count: count, height: height)
        case .pageUp: move(by: -page, count: count, height: height)
        case .pageDown: move(by: page, count: count, height: height)
        case .home: move(by: -count, count: count, height: height)
        case .end: move(by: count, count: count, height: height)
        default: return false
        }
        return true
    }

    /// Puts the selection on the last row (a trace that follows the newest exchange).
    public mutating func selectLast(count: Int, height: Int) {
        move(by: count, count: count, height: height)
    }

    private mutating func move(by rows: Int, count: Int, height: Int) {
        if selectable {
            selected = max(0, min(count - 1, selected + rows))
        } else {
            selected = max(0, min(count - height, selected + rows))
        }
        clamp(count: count, height: height)
    }

    /// Keeps the selection inside `count` rows and in view in `height` rows.
    public mutating func clamp(count: Int, height: Int) {
        guard selectable else {
            selected = max(0, min(selected, count - height))
            top = selected
            return
        }
        selected = max(0, min(selected, count - 1))
        if selected < top { top = selected }
        if selected >= top + height { top = selected - height + 1 }
        top = max(0, min(top, count - height))
    }

    /// Draws the rows of `lines` in view into `area`, the selected one highlighted and marked `›`; a scroll mark on the
    /// right says more rows are above or below.
    public func render(_ lines: [String], in area: Rect, into buffer: inout Buffer) {
        var list = self
        list.clamp(count: lines.count, height: area.height)
        for row in 0..<area.height where list.top + row < lines.count {
            let index = list.top + row
            let style: Style = selectable && index == list.selected ? .focused : .plain
            if style == .focused { buffer.fill(Rect(x: area.x, y: area.y + row, width: area.width, height: 1), style: style) }
            // The marker shows the selection where colour does not (a monochrome terminal, a screen reader).
            let marker = selectable ? (index == list.selected ? "› " : "  ") : ""
            buffer.writeCut(marker + lines[index], at: Point(x: area.x, y: area.y + row), style: style, width: area.width - 1)
        }
        if list.top > 0 { buffer.write("↑", at: Point(x: area.x + area.width - 1, y: area.y), style: .hint) }
        if list.top + area.height < lines.count {
            buffer.write("↓", at: Point(x: area.x + area.width - 1, y: area.y + area.height - 1), style: .hint)
        }
    }

    /// `lines` wrapped at word boundaries for a ``ScrollList`` `width` columns wide (text that is only read).
    /// Its last column is kept for the scroll marker, so lines are wrapped one column narrower: a line as wide
    /// as the list would lose its last character to ``render(_:in:into:)``.
    public static func wrap(_ lines: [String], width: Int) -> [String] {
        lines.flatMap { $0.isEmpty ? [""] : TextWrap.wrap($0, width: max(1, width - 1)) }
    }
}
