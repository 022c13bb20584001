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

    /// A box in the middle of the screen, over what is there.
    func render(into buffer: inout Buffer) {
        let names = tags.map { Localizer(tag: $0).name }
        let title = tr("language.pick.title")
        let width = min(buffer.size.width - 2, max(title.count, names.map(\.count).max() ?? 0) + 6)
        let height = min(buffer.size.height - 2, names.count + 2)
        let origin = Point(x: (buffer.size.width - width) / 2, y: max(1, (buffer.size.height - height) / 2))
        buffer.fill(Rect(x: origin.x, y: origin.y, width: width, height: height))
        buffer.writeCut(" " + title, at: origin, style: .title, width: width)
        for (index, name) in names.enumerated() where index < height - 2 {
            let marker = index == selected ? "▸ " : "  "
            buffer.writeCut(" " + marker + name, at: Point(x: origin.x, y: origin.y + 1 + index),
                            style: index == selected ? .menuHighlight : .plain, width: width)
        }
        buffer.writeCut(" ↑↓ ⏎ Esc", at: Point(x: origin.x, y: origin.y + height - 1), style: .hint, width: width)
    }
}
