/// Draws an open ``ChoiceList`` as a framed box over the top of the form's body: the picker's label
/// and "k of N" in the top border, the filter line, a page of matches with the highlight reversed, and
/// `↑ more` / `↓ more` in the bottom border when matches are hidden.
enum ChoiceListBox {
    /// Draws `list` for the picker labeled `title` inside `area`.
    /// - Returns: where the terminal cursor goes: after the filter text.
    static func render(_ list: ChoiceList, title: String, in area: Rect, into buffer: inout Buffer) -> Point? {
        guard area.width >= 8, area.height >= 4 else { return renderOneRow(list, in: area, into: &buffer) }
        let rows = max(1, min(min(ChoiceList.pageSize, max(1, list.options.count)), area.height - 3))
        let inner = area.width - 2
        buffer.fill(Rect(x: area.x, y: area.y, width: area.width, height: rows + 3))
        let count = " \(list.countText) "
        let head = TextWrap.truncate(" " + title + " ", width: max(0, inner - DisplayWidth.of(count) - 2))
        buffer.writeBorder("┌", "┐", left: head, right: count, width: inner, at: Point(x: area.x, y: area.y))
        let filterY = area.y + 1
        buffer.write("│", at: Point(x: area.x, y: filterY))
        buffer.write("│", at: Point(x: area.maxX - 1, y: filterY))
        let prompt = "Filter: "
        let typed = TextWrap.truncate(list.filter, width: max(1, inner - DisplayWidth.of(prompt) - 2))
        var cursorX = area.x + 2 + buffer.write(prompt, at: Point(x: area.x + 2, y: filterY), style: .hint)
        cursorX += buffer.write(typed, at: Point(x: cursorX, y: filterY))
        if list.filter.isEmpty {
            buffer.writeCut("type to filter", at: Point(x: cursorX + 1, y: filterY), style: .hint, width: area.maxX - 2 - cursorX)
        }
        // The box keeps the list's own page unless the terminal shows fewer rows than a page.
        var first = list.top
        if let highlighted = list.highlighted, highlighted >= first + rows { first = highlighted - rows + 1 }
        for row in 0..<rows {
            let y = area.y + 2 + row
            buffer.write("│", at: Point(x: area.x, y: y))
            buffer.write("│", at: Point(x: area.maxX - 1, y: y))
            let position = first + row
            if list.matches.isEmpty, row == 0 {
                buffer.writeCut("Nothing contains \u{201C}\(list.filter)\u{201D}: Backspace widens", at: Point(x: area.x + 2, y: y),
                             style: .hint, width: inner - 2)
            }
            guard list.matches.indices.contains(position) else { continue }
            let option = list.options[list.matches[position]]
            let chosen = position == list.highlighted
            let text = (chosen ? "▸ " : "  ") + option.title + (option.detail.map { "  " + $0 } ?? "")
            if chosen { buffer.fill(Rect(x: area.x + 1, y: y, width: inner, height: 1), style: .focused) }
            buffer.writeCut(text, at: Point(x: area.x + 1, y: y), style: chosen ? .focused : .plain, width: inner)
        }
        let above = first > 0 ? " ↑ more " : ""
        let below = first + rows < list.matches.count ? " ↓ more " : ""
        buffer.writeBorder("└", "┘", left: above, right: below, width: inner, at: Point(x: area.x, y: area.y + 2 + rows))
        return Point(x: min(cursorX, area.maxX - 2), y: filterY)
    }

    /// A body too short for the frame still shows what the keys act on: the highlight, the count and the filter.
    private static func renderOneRow(_ list: ChoiceList, in area: Rect, into buffer: inout Buffer) -> Point? {
        guard area.height > 0, area.width > 0 else { return nil }
        let title = list.highlightedOption.map { list.options[$0].title } ?? "nothing matches"
        buffer.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1))
        buffer.writeCut("▸ \(title)  \(list.countText)  filter: \(list.filter)", at: Point(x: area.x, y: area.y),
                     style: .focused, width: area.width)
        return nil
    }
}
