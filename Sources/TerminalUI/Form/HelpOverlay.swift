/// One row of the help: the keys and what they do where the help was opened.
public struct HelpEntry: Hashable, Sendable {
    /// Key names as shown to the user, e.g. `"PgUp/PgDn"`.
    public var keys: String
    /// What they do, e.g. `"scroll"`.
    public var help: String

    /// A row: `keys` as shown, then what they do.
    public init(_ keys: String, _ help: String) {
        self.keys = keys
        self.help = help
    }

    /// One entry per command of `keymap`, in its order and in `words`' language: bindings of one command share a row
    /// ("Tab, ↓"), with the longest of their descriptions, so the list fits 80×24.
    public static func entries(of keymap: Keymap, words: WidgetWords = .english) -> [HelpEntry] {
        var entries: [HelpEntry] = []
        var rowOf: [FormCommand: Int] = [:]
        for binding in keymap.bindings {
            let help = words(.key(binding.help))
            guard let row = rowOf[binding.command] else {
                rowOf[binding.command] = entries.count
                entries.append(HelpEntry(binding.keyLabel, help))
                continue
            }
            entries[row].keys += ", " + binding.keyLabel
            if help.count > entries[row].help.count { entries[row].help = help }
        }
        return entries
    }
}

/// The help overlay (F1, or `?` outside a text field): a framed box over the screen listing only the keys
/// valid where it was opened, narrowed as the user types (as lazygit's and k9s's key lists are). Typed text
/// filters the rows by key name or description, Backspace widens, ↑/↓ PgUp/PgDn scroll, Esc (or F1, Enter)
/// closes. The quit key is the caller's to check first: Ctrl-C quits from here as from the screen.
public struct HelpOverlay: Hashable, Sendable {
    /// What a key did to the overlay.
    public enum Outcome: Hashable, Sendable {
        /// The filter or the scroll changed: draw again.
        case changed
        /// The overlay is to close.
        case closed
        /// The key means nothing here.
        case ignored
    }

    /// Where the help was opened, in the top border ("this screen", "trace inspector").
    public let title: String
    /// Every entry valid there, in order.
    public let entries: [HelpEntry]
    /// The words the box draws around the entries.
    public let words: WidgetWords
    /// The typed filter.
    public private(set) var filter = ""
    /// Rows scrolled down.
    public private(set) var scroll = 0

    /// An overlay listing `entries` under `title`, unfiltered, drawn with `words`.
    public init(title: String, entries: [HelpEntry], words: WidgetWords = .english) {
        self.title = title
        self.entries = entries
        self.words = words
    }

    /// The entries whose keys or description contain the filter, ignoring case.
    public var shown: [HelpEntry] {
        let needle = filter.lowercased()
        guard !needle.isEmpty else { return entries }
        return entries.filter { $0.keys.lowercased().contains(needle) || $0.help.lowercased().contains(needle) }
    }

    /// Applies one key: printable text filters, Backspace widens, Ctrl-U clears, arrows and pages scroll.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape, .enter, .function(1):
            return .closed
        case .character(let character):
            filter.append(character)
            scroll = 0
        case .paste(let text):
            filter += text.filter { !$0.isNewline }
            scroll = 0
        case .backspace:
            guard !filter.isEmpty else { return .ignored }
            filter.removeLast()
            scroll = 0
        case .control("u"):
            filter = ""
            scroll = 0
        case .up: move(by: -1)
        case .down: move(by: 1)
        case .pageUp: move(by: -Self.page)
        case .pageDown: move(by: Self.page)
        case .home: scroll = 0
        default:
            return .ignored
        }
        return .changed
    }

    /// Scrolls by `rows` (negative: up), within the list.
    private mutating func move(by rows: Int) {
        scroll = min(max(0, scroll + rows), Self.scrollLimit)
    }

    /// Rows one PgUp/PgDn moves.
    static let page = 10
    /// Past any list of keys; the renderer clamps to the rows there are.
    static let scrollLimit = 200

    /// Draws the box over the middle of `buffer`, leaving the screen around it as it was.
    /// - Returns: where the terminal cursor goes (after the filter text), or nil on a terminal too small for the box.
    @discardableResult
    public func render(over buffer: inout Buffer) -> Point? {
        let size = buffer.size
        let width = min(size.width - 2, 78)
        guard width >= 20, size.height >= 6 else {
            buffer.fill(Rect(size: size))
            buffer.writeCut(words(.helpCompact(keys: shown.count)), at: Point(x: 0, y: 0), style: .focused, width: size.width)
            return nil
        }
        let inner = width - 2
        let keyColumn = min((entries.map { DisplayWidth.of($0.keys) }.max() ?? 0) + 2, inner / 2)
        let lines = Self.lines(shown, keyColumn: keyColumn, width: inner - 2)
        // Borders, the filter row and the hint row take four rows; the box is no taller than its rows.
        let rows = max(1, min(size.height - 6, max(1, lines.count)))
        let height = rows + 4
        let origin = Point(x: (size.width - width) / 2, y: max(1, (size.height - height) / 2))
        let first = min(scroll, max(0, lines.count - rows))
        // A blank margin round the box, so no half-hidden word of the screen beneath touches its border.
        let left = max(0, origin.x - 1), right = min(size.width, origin.x + width + 1)
        let top = max(1, origin.y - 1), bottom = min(size.height, origin.y + height + 1)
        buffer.fill(Rect(x: left, y: top, width: right - left, height: bottom - top))

        buffer.writeBorder("┌", "┐", left: words(.helpTitle(place: title)), width: inner, at: origin)
        for y in origin.y + 1..<origin.y + height - 1 {
            buffer.write("│", at: Point(x: origin.x, y: y))
            buffer.write("│", at: Point(x: origin.x + width - 1, y: y))
        }
        let filterY = origin.y + 1
        let prompt = words(.filterPrompt)
        var cursorX = origin.x + 2 + buffer.write(prompt, at: Point(x: origin.x + 2, y: filterY), style: .hint)
        cursorX += buffer.write(TextWrap.truncate(filter, width: max(1, inner - DisplayWidth.of(prompt) - 2)),
                                at: Point(x: cursorX, y: filterY))
        if filter.isEmpty {
            buffer.writeCut(words(.filterHint), at: Point(x: cursorX, y: filterY), style: .hint,
                         width: origin.x + width - 2 - cursorX)
        }
        if lines.isEmpty {
            buffer.writeCut(words(.noKeyMatches(filter: filter)), at: Point(x: origin.x + 2, y: filterY + 1),
                         style: .hint, width: inner - 2)
        }
        for (offset, line) in lines.dropFirst(first).prefix(rows).enumerated() {
            let y = filterY + 1 + offset
            buffer.writeCut(line.keys, at: Point(x: origin.x + 2, y: y), style: .title, width: keyColumn)
            buffer.writeCut(line.help, at: Point(x: origin.x + 2 + keyColumn, y: y), width: inner - 2 - keyColumn)
        }
        let hint = words(.helpFooter)
        buffer.writeCut(hint, at: Point(x: origin.x + 2, y: origin.y + height - 2), style: .hint, width: inner - 2)
        let above = first > 0 ? words(.moreAbove) : ""
        let below = first + rows < lines.count ? words(.moreBelow) : ""
        buffer.writeBorder("└", "┘", left: above + below, style: .hint, width: inner, at: Point(x: origin.x, y: origin.y + height - 1))
        return Point(x: min(cursorX, origin.x + width - 2), y: filterY)
    }

    /// The entries as display rows: a description too long for its column wraps under itself, not under the keys.
    private static func lines(_ entries: [HelpEntry], keyColumn: Int, width: Int) -> [(keys: String, help: String)] {
        entries.flatMap { entry in
            let help = TextWrap.wrap(entry.help, width: max(1, width - keyColumn))
            return help.enumerated().map { index, text in (index == 0 ? entry.keys : "", text) }
        }
    }
}
