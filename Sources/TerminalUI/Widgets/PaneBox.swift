/// A pane shown beside the form (the outbox of sent codes, the HTTP trace): a title, its keys, and lines,
/// newest last.
public struct PaneContent: Hashable, Sendable {
    /// The frame's title, e.g. "Outbox: codes the emulator sent".
    public var title: String
    /// The pane's own keys, at the right of the top edge, or of the bottom edge when they do not fit beside the
    /// title (e.g. "^O copies, F2 hides").
    public var keys: String
    /// The lines, oldest first: the newest stay in view.
    public var lines: [String]
    /// Shown when there are no lines ("(nothing yet)").
    public var empty: String

    /// The fewest terminal rows that leave room for a pane under the form.
    public static let minimumTerminalHeight = 16

    /// A pane; `empty` stands in for no lines.
    public init(title: String, keys: String = "", lines: [String], empty: String) {
        self.title = title
        self.keys = keys
        self.lines = lines
        self.empty = empty
    }

    /// Rows the pane takes on a terminal `height` rows tall: its lines (at least one) and the two edges of
    /// its frame, at most a third of the screen; none below ``minimumTerminalHeight``.
    public func height(onScreen height: Int) -> Int {
        height < Self.minimumTerminalHeight ? 0 : min(max(1, lines.count) + 2, height / 3)
    }

    /// Draws the pane, framed and unfocused (the form has the keys), into `area`: the newest lines that fit.
    public func draw(in area: Rect, into buffer: inout Buffer) {
        guard area.height >= 3 else { return }
        PaneBox.draw(title: title, keys: keys, focused: false, in: area, into: &buffer)
        let inner = Rect(x: area.x + 1, y: area.y + 1, width: area.width - 2, height: area.height - 2)
        let shown = lines.suffix(inner.height)
        for (offset, line) in shown.enumerated() {
            // A line too long for the pane (an 8-digit code at its end) ends with "…": never cut silently.
            buffer.writeCut(line, at: Point(x: inner.x, y: inner.y + offset), style: .plain, width: inner.width)
        }
        if shown.isEmpty { buffer.writeCut(empty, at: Point(x: inner.x, y: inner.y), style: .hint, width: inner.width) }
    }
}

/// A titled frame around a pane, as lazygit and k9s draw theirs. The pane that takes the keys is told at a
/// glance, with or without colour: heavy lines, a bold title marked `●`, in colour where there is colour;
/// the others have light, dim lines and a plain title.
public enum PaneBox {
    /// The marker before the focused pane's title.
    public static let focusMarker = "●"

    /// Draws the frame's four edges over `area`, `title` in the top edge at the left (cut with `…` when too
    /// long) and `keys` at its right, or at the right of the bottom edge when they do not fit beside the title.
    public static func draw(title: String, keys: String = "", focused: Bool, in area: Rect, into buffer: inout Buffer) {
        guard area.width >= 4, area.height >= 2 else { return }
        let (horizontal, vertical) = focused ? ("━", "┃") : ("─", "│")
        let corners = focused ? ["┏", "┓", "┗", "┛"] : ["┌", "┐", "└", "┘"]
        let style: Style = focused ? .focusedFrame : .frame
        let bottom = area.y + area.height - 1
        let right = area.x + area.width - 1
        let rule = String(repeating: horizontal, count: area.width - 2)
        buffer.write(corners[0] + rule + corners[1], at: Point(x: area.x, y: area.y), style: style)
        buffer.write(corners[2] + rule + corners[3], at: Point(x: area.x, y: bottom), style: style)
        for y in (area.y + 1)..<bottom {
            buffer.write(vertical, at: Point(x: area.x, y: y), style: style)
            buffer.write(vertical, at: Point(x: right, y: y), style: style)
        }
        // "┏━ ● Title ━━━━ keys ━┓": the title starts after one rule character and a space.
        let room = area.width - 4
        let label = " " + (focused ? focusMarker + " " : "") + title + " "
        let shownLabel = TextWrap.truncate(label, width: room)
        let labelWidth = buffer.write(shownLabel, at: Point(x: area.x + 2, y: area.y), style: focused ? .focusedFrame : .title)
        guard !keys.isEmpty else { return }
        // Keys that do not fit beside the title (a longer translation's) go to the bottom edge: never dropped.
        let keysLabel = TextWrap.truncate(" " + keys + " ", width: room)
        let onTop = labelWidth + DisplayWidth.of(keysLabel) + 2 <= room
        buffer.write(keysLabel, at: Point(x: right - 1 - DisplayWidth.of(keysLabel), y: onTop ? area.y : bottom), style: .hint)
    }
}
