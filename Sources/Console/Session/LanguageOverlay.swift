import Localization
import TerminalUI

/// An enrolment desk's list of languages (F12 on the first screen): each catalogue's language named in itself,
/// so a person finds theirs without reading the desk's. ↑/↓ move, Enter picks, Esc keeps the language shown.
struct LanguageOverlay {
    /// The catalogues' tags, sorted.
    let tags = Localizer.catalogueTags
    private(set) var selected: Int

    /// What a key did.
    enum Outcome: Equatable {
        case kept, closed
        case chosen(String)
    }

    /// Opens on the language shown now.
    init(current: String) {
        selected = tags.firstIndex(of: current) ?? tags.firstIndex { current.hasPrefix($0 + "-") } ?? 0
    }

    mutating func handle(_ key: Key) -> Outcome {
        if key == .up { selected = max(0, selected - 1) }
        if key == .down { selected = min(tags.count - 1, selected + 1) }
        if key == .enter { return .chosen(tags[selected]) }
        return key == .escape || key == .function(12) ? .closed : .kept
    }

    /// A framed box in the middle of the screen, cleared of what is under it (with a blank column each side, so
    /// the screen's text does not run into the frame): the title in the top border, the keys in the bottom one.
    func render(into buffer: inout Buffer) {
        let names = tags.map { Localizer(tag: $0).name }
        let title = " " + tr("language.pick.title") + " "
        let keys = " ↑↓ ⏎ Esc" + " "
        let widest = max(DisplayWidth.of(title), DisplayWidth.of(keys), (names.map(DisplayWidth.of).max() ?? 0) + 3) + 2
        let inner = max(0, min(buffer.size.width - 4, widest))
        let rows = max(0, min(names.count, buffer.size.height - 4))
        let origin = Point(x: (buffer.size.width - inner - 2) / 2, y: max(1, (buffer.size.height - rows - 2) / 2))
        let right = origin.x + inner + 1
        buffer.fill(Rect(x: max(0, origin.x - 1), y: origin.y, width: min(buffer.size.width, inner + 4), height: rows + 2))
        buffer.writeBorder("┌", "┐", left: title, width: inner, at: origin)
        let first = max(0, selected - rows + 1)
        for row in 0..<rows {
            let y = origin.y + 1 + row, index = first + row
            buffer.write("│", at: Point(x: origin.x, y: y))
            buffer.write("│", at: Point(x: right, y: y))
            let chosen = index == selected
            if chosen { buffer.fill(Rect(x: origin.x + 1, y: y, width: inner, height: 1), style: .menuHighlight) }
            buffer.writeCut((chosen ? "▸ " : "  ") + names[index], at: Point(x: origin.x + 2, y: y),
                            style: chosen ? .menuHighlight : .plain, width: inner - 2)
        }
        buffer.writeBorder("└", "┘", left: keys, style: .hint, width: inner, at: Point(x: origin.x, y: origin.y + rows + 1))
    }
}
