/// Renders a ``FormView`` into a ``Buffer``: a pure function of the view and the buffer size.
///
/// Layout, top to bottom: header bar, title, the body (text, details, fields, then the buttons), an
/// optional pane (framed, as is the form then), the status line, and the footer generated from the
/// keymap. Content is at most 100 columns wide and centred, so 80×24 is used edge to edge and a larger
/// screen gets wider field boxes and more rows. When the body is taller than its area the buttons stay
/// in view at its bottom and the rest scrolls: from the top, or so the focused field or chosen entry is
/// visible, with `↑ more` / `↓ more` marking hidden rows and the focus's place (`field 12 of 30`)
/// beside the top marker; PgUp/PgDn (``FormView/scroll``) move it from there. An open ``ChoiceList``
/// is drawn over the body.
public enum FormRenderer {
    /// The most columns the content uses on a wide screen.
    static let maxContentWidth = 100
    /// The smallest terminal a form is drawn on; below it a message asks for more room.
    static let minimumSize = Size(width: 20, height: 6)
    /// The most rows a long status message wraps to before it is cut with `…`.
    static let maxStatusRows = 3

    /// Renders `form` over the whole of `buffer`.
    /// - Returns: where the terminal cursor belongs (the focused text field), or nil to hide it.
    /// - Parameter pane: a pane to show under the form (the console's outbox or trace). With one, both are
    ///   framed and titled (``PaneBox``): the form's frame, which has the keys, is the focused one. The pane
    ///   takes only the rows its lines need (see ``PaneContent/height(onScreen:)``), above the status line.
    /// - Parameter footerReserve: columns the footer leaves blank at its right end for a mark drawn there (the
    ///   console's `● REC`): its hints drop the easiest first to make room, rather than the mark cutting the last ones.
    @discardableResult
    public static func render(_ form: FormView, pane: PaneContent? = nil, footerReserve: Int = 0, into buffer: inout Buffer) -> Point? {
        let size = buffer.size
        buffer.fill(Rect(size: size))
        guard size.height >= minimumSize.height, size.width >= minimumSize.width else {
            let message = form.words(.tooSmall(size: "\(size)", minimum: "\(minimumSize)"))
            for (row, line) in TextWrap.wrap(message, width: max(1, size.width)).prefix(max(1, size.height)).enumerated() {
                buffer.write(line, at: Point(x: 0, y: row), style: .error)
            }
            return nil
        }
        let contentWidth = min(size.width - 2, maxContentWidth)
        let left = (size.width - contentWidth) / 2
        HeaderBar.render(form.header, into: &buffer, row: 0)
        let lines = statusLines(form, width: contentWidth, height: size.height)
        for (index, line) in lines.enumerated() {
            buffer.write(line, at: Point(x: left, y: size.height - 1 - lines.count + index), style: form.status?.style ?? .plain)
        }
        FooterBar.render(form.footerKeymap, words: form.words, reserve: footerReserve, into: &buffer, row: size.height - 1)

        let paneHeight = pane?.height(onScreen: size.height) ?? 0
        let body = Rect(x: left, y: 2, width: contentWidth, height: bodyHeight(size: size, statusRows: max(1, lines.count), paneHeight: paneHeight))
        if let pane, paneHeight > 0 {
            // The pane sits above the status line, the form's frame (the focused one) around the body.
            pane.draw(in: Rect(x: 0, y: body.maxY + 1, width: size.width, height: paneHeight), into: &buffer)
            PaneBox.draw(title: form.title, focused: true, in: Rect(x: 0, y: 1, width: size.width, height: body.height + 2), into: &buffer)
        } else {
            buffer.write(TextWrap.truncate(form.title, width: contentWidth), at: Point(x: left, y: 1), style: .title)
        }
        let cursor = drawBody(layout(form, width: contentWidth, height: body.height), focus: form.focused, scroll: form.scroll,
                              position: position(in: form), words: form.words, in: body, into: &buffer)
        guard let list = form.choiceList, form.fields.indices.contains(list.field) else { return cursor }
        return ChoiceListBox.render(list, title: form.fields[list.field].label, in: body, into: &buffer)
    }

    /// Whether `form`'s body (its rows and buttons) is taller than its area on a `size` screen with `pane`
    /// open, so PgUp/PgDn have something to scroll.
    public static func bodyOverflows(_ form: FormView, size: Size, pane: PaneContent? = nil) -> Bool {
        guard let (body, height) = bodyLayout(form, size: size, pane: pane) else { return false }
        let gap = body.rows.isEmpty || body.buttonRows.isEmpty ? 0 : 1
        return body.rows.count + gap + body.buttonRows.count > height
    }

    /// `form`'s body laid out as ``render(_:pane:into:)`` lays it out on a `size` screen beside `pane`, and the rows
    /// it has; nil below ``minimumSize``.
    private static func bodyLayout(_ form: FormView, size: Size, pane: PaneContent?) -> (body: FormBody, height: Int)? {
        guard size.height >= minimumSize.height, size.width >= minimumSize.width else { return nil }
        let contentWidth = min(size.width - 2, maxContentWidth)
        let statusRows = max(1, statusLines(form, width: contentWidth, height: size.height).count)
        let height = bodyHeight(size: size, statusRows: statusRows, paneHeight: pane?.height(onScreen: size.height) ?? 0)
        return (layout(form, width: contentWidth, height: height), height)
    }

    /// `form`'s body in `height` rows: the details before the fields, unless that puts the first field below the
    /// rows shown at the top (a longer language's labels stack under each other); then they follow the fields, so
    /// the screen opens with its text, the first field and the actions in view, and the details are a PgDn away.
    static func layout(_ form: FormView, width: Int, height: Int) -> FormBody {
        let body = FormBody(form: form, width: width)
        let owned = body.rows.indices.filter { body.rows[$0].owner == .field(0) }
        guard !form.details.isEmpty, let first = owned.first, let last = owned.last else { return body }
        // In view: the field's first two rows (a label stacked over its box), or the start of a list.
        let needed = min(last, first + 1)
        let (scrolled, area) = scrolledPart(body, height: height)
        guard scrolled.count > area, needed >= area - 2 else { return body }
        return FormBody(form: form, width: width, detailsLast: true)
    }

    /// How PgUp/PgDn move `form` on a `size` screen beside `pane`. A page is the scrolled part's visible rows (less
    /// one where more than three show, so a page keeps a row of the last), so none is passed over (a fixed 10
    /// skipped rows on a small terminal). The range holds the scroll values that move the body: paging past its
    /// end and back must not take extra presses before anything moves.
    public static func paging(_ form: FormView, size: Size, pane: PaneContent? = nil) -> FormView.Paging {
        guard let (body, height) = bodyLayout(form, size: size, pane: pane) else { return FormView.Paging(rows: 1, range: 0...0) }
        // What scrolls: the rows above the buttons, or everything where the buttons take the room (a small
        // terminal); two rows hold the scroll markers, and a page keeps a row of overlap where there is room.
        let (scrolled, area) = scrolledPart(body, height: height)
        let visible = max(1, area - 2)
        let rows = visible > 3 ? visible - 1 : visible
        guard scrolled.count > area else { return FormView.Paging(rows: rows, range: 0...0) }
        let base = focusOffset(scrolled, focus: form.focused, visible: visible)
        return FormView.Paging(rows: rows, range: -base...(scrolled.count - visible - base))
    }

    /// The status line's rows. A long message (an error to act on) wraps above the footer rather than losing
    /// its end, at most ``maxStatusRows``; the body always keeps at least one row.
    private static func statusLines(_ form: FormView, width: Int, height: Int) -> [String] {
        guard let status = form.status else { return [] }
        let statusRoom = max(1, min(maxStatusRows, height - 5))
        let lines = TextWrap.wrap(status.text, width: width)
        guard lines.count > statusRoom else { return lines }
        // The last row that fits ends with "…" and as much of the rest as it holds.
        return Array(lines.prefix(statusRoom - 1)) + [TextWrap.truncate(lines[(statusRoom - 1)...].joined(separator: " "), width: width)]
    }

    /// Rows of the body between the title (or the form frame's top edge) and the status line: a pane takes
    /// its rows and the form's frame its bottom edge.
    private static func bodyHeight(size: Size, statusRows: Int, paneHeight: Int) -> Int {
        size.height - 3 - statusRows - (paneHeight > 0 ? paneHeight + 1 : 0)
    }

    /// `"field 12 of 30"`, shown beside the scroll marker of a form with several fields, so a long form
    /// says where the focus is.
    private static func position(in form: FormView) -> String? {
        guard form.fields.count > 1 else { return nil }
        switch form.focused {
        case .field(let index)?: return form.words(.fieldPosition(index: index + 1, count: form.fields.count))
        case .button?: return form.words(.buttonsAfter(fields: form.fields.count))
        case nil: return nil
        }
    }

    /// The rows, then the buttons. When they do not fit, the rows scroll above the buttons, which stay in
    /// view at the bottom: a screen opens at its top (its title and first facts) with its actions shown,
    /// whichever button has the focus. A body too short to show three rows beside the buttons and the scroll
    /// markers scrolls as one.
    private static func drawBody(_ body: FormBody, focus: FormView.Focusable?, scroll: Int, position: String?,
                                 words: WidgetWords, in area: Rect, into buffer: inout Buffer) -> Point? {
        let buttons = body.buttonRows
        let (scrolled, listHeight) = scrolledPart(body, height: area.height)
        guard listHeight < area.height else {
            return drawScrolled(scrolled, focus: focus, scroll: scroll, position: position, words: words, in: area, into: &buffer)
        }
        let list = Rect(x: area.x, y: area.y, width: area.width, height: listHeight)
        let cursor = drawScrolled(scrolled, focus: focus, scroll: scroll, position: position, words: words, in: list, into: &buffer)
        for (index, row) in buttons.enumerated() {
            _ = row.draw(&buffer, area.x, area.maxY - buttons.count + index)
        }
        return cursor
    }

    /// The part of `body` that scrolls within `height` rows, and the rows it has: the rows alone above the buttons,
    /// or, where fewer than three rows would show beside them and the two scroll markers, everything (rows, a blank,
    /// the buttons) in all of it.
    private static func scrolledPart(_ body: FormBody, height: Int) -> ([FormBody.Row], Int) {
        let buttons = body.buttonRows
        let gap = body.rows.isEmpty || buttons.isEmpty ? 0 : 1
        let listHeight = height - gap - buttons.count
        guard body.rows.count <= listHeight || listHeight - 2 < 3 else { return (body.rows, listHeight) }
        let blank = gap == 0 ? [] : [FormBody.Row(owner: nil) { _, _, _ in nil }]
        return (body.rows + blank + buttons, height)
    }

    /// The first of `rows` shown when nothing was paged: the focused item in view. A list needs only its chosen
    /// entry in view: where the top of the screen shows it, the screen stays at its top (the text and facts
    /// above the list); a list taller than the body is walked with the chosen entry centred, so a 50-row list can
    /// be walked with the arrow keys.
    private static func focusOffset(_ rows: [FormBody.Row], focus: FormView.Focusable?, visible: Int) -> Int {
        let owned = rows.indices.filter { rows[$0].owner != nil && rows[$0].owner == focus }
        guard let first = owned.first, let last = owned.last else { return 0 }
        let offset = min(max(0, last - visible + 1), first)
        guard let chosen = owned.first(where: { rows[$0].isChosen }) else { return offset }
        if chosen < visible { return 0 }
        return last - first + 1 > visible ? max(0, chosen - visible / 2) : offset
    }

    private static func drawScrolled(_ rows: [FormBody.Row], focus: FormView.Focusable?, scroll: Int, position: String?,
                                     words: WidgetWords, in area: Rect, into buffer: inout Buffer) -> Point? {
        var top = area.y
        var visible = area.height
        var offset = 0
        if rows.count > area.height {
            // Reserve a row above and below for the scroll markers.
            top += 1
            visible = max(1, area.height - 2)
            offset = min(max(0, focusOffset(rows, focus: focus, visible: visible) + scroll), rows.count - visible)
            if offset > 0 { buffer.write(words(.morePageUp), at: Point(x: area.x, y: area.y), style: .hint) }
            if let position, DisplayWidth.of(position) + 16 <= area.width {
                buffer.write(position, at: Point(x: area.maxX - DisplayWidth.of(position), y: area.y), style: .hint)
            } else if offset == 0 {
                // At the top with nothing to say above: the first row is content, not an empty marker row.
                top = area.y
                visible += 1
            }
            if offset + visible < rows.count {
                buffer.write(words(.morePageDown), at: Point(x: area.x, y: area.maxY - 1), style: .hint)
            }
        }
        var cursor: Point?
        for (index, row) in rows.enumerated().dropFirst(offset).prefix(visible) {
            let y = top + index - offset
            if let point = row.draw(&buffer, area.x, y) { cursor = point }
        }
        return cursor
    }
}
