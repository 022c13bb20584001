import EnrolmentFiles
import Launcher
import Localization
import ScreenPresentation
import TerminalUI

/// The home screen of `--enrol --queue` in the full-screen console: the next person and "k of N", a filter
/// typed straight in (name or email), the people it lets through, and the rows the list cannot offer. Enter
/// opens sign-up for the selected person; F7 and F8 mark them absent or skipped; ^N adds a walk-in.
struct QueueScreen {
    /// What a key did.
    enum Outcome: Equatable {
        case handled, ignored
        /// Open sign-up for this person.
        case seat(QueuePerson)
        /// Keep this outcome (absent or skipped) for this person.
        case mark(QueuePerson, RecordOutcome)
        /// Open the walk-in form for someone not on the list.
        case walkIn
    }

    /// The footer in `width` columns: the screen's keys (^U, which clears the search, is in the help), with those
    /// before the last dropped from the right until it fits, so quit stays in view in a longer language.
    static func footer(width: Int) -> String {
        var hints = tr("queue.footer").components(separatedBy: "  ")
        while hints.count > 2, DisplayWidth.of(hints.joined(separator: "  ")) > width { hints.remove(at: hints.count - 2) }
        return hints.joined(separator: "  ")
    }

    /// Every key the screen takes, for the help overlay (F1; `?` is typed into the search here): F12 with the words
    /// every other screen's help gives it.
    static var helpEntries: [HelpEntry] {
        [HelpEntry(tr("queue.help.typeKeys"), tr("queue.help.find")), HelpEntry("↑/↓ PgUp/PgDn", tr("queue.help.move")),
         HelpEntry("Enter", tr("queue.help.signUp")), HelpEntry("F7", tr("queue.help.absent")), HelpEntry("F8", tr("queue.help.skipped")),
         HelpEntry("^N", tr("queue.help.walkIn")), HelpEntry("^U", tr("queue.help.clear"))]
            + HelpEntry.entries(of: Keymap(bindings: [ConsoleKeys.languageBinding]), words: .catalogue) + [HelpEntry("^C", tr("queue.help.quit"))]
    }

    /// What staff typed to find someone.
    private(set) var filter = ""
    private var list = ScrollList()

    /// Empty filter, selection on the next person: for each new person at the desk (no one's name stays typed).
    mutating func reset() {
        filter = ""
        list = ScrollList()
    }

    mutating func handle(_ key: Key, queue: EnrolmentQueue, size: Size) -> Outcome {
        let shown = queue.matching(filter)
        if list.handle(key, count: shown.count, height: Self.listHeight(size, queue: queue)) { return .handled }
        let selected = shown.indices.contains(list.selected) ? shown[list.selected] : nil
        switch key {
        case .character(let character):
            setFilter(filter + String(character))
        case .paste(let text):
            setFilter(filter + text.filter { !$0.isNewline })
        case .backspace:
            guard !filter.isEmpty else { return .ignored }
            setFilter(String(filter.dropLast()))
        case .control("u"):
            setFilter("")
        case .enter:
            return selected.map(Outcome.seat) ?? .ignored
        case .function(7):
            return selected.map { .mark($0, .absent) } ?? .ignored
        case .function(8):
            return selected.map { .mark($0, .skipped) } ?? .ignored
        case .control("n"):
            return .walkIn
        default:
            return .ignored
        }
        return .handled
    }

    private mutating func setFilter(_ text: String) {
        filter = text
        list = ScrollList()
    }

    /// Draws the screen over the whole of `buffer`.
    /// - Returns: where the cursor goes (the end of the filter).
    /// - Parameter languageKey: the desk offers F12's languages: the header's right end says so when there is room.
    func render(_ queue: EnrolmentQueue, listName: String, mode: String, languageKey: Bool = false, into buffer: inout Buffer) -> Point {
        let size = buffer.size
        let (k, count) = queue.position
        buffer.fill(Rect(x: 0, y: 0, width: size.width, height: 1), style: .header)
        let header = PrintableText.make(tr("queue.header", ["list": listName, "mode": mode]))
        let language = tr("queue.languageKey")
        let room = size.width - 2 - DisplayWidth.of(header) - 2
        if languageKey, DisplayWidth.of(language) <= room { buffer.write(language, at: Point(x: size.width - 1 - DisplayWidth.of(language), y: 0), style: .header) }
        buffer.writeCut(header, at: Point(x: 1, y: 0), style: .header, width: size.width - 2)
        let next = queue.next.map { tr("queue.next", ["person": Self.label($0), "position": k, "count": count]) }
            ?? tr("queue.allDone", ["done": queue.done, "count": count])
        buffer.writeCut(next, at: Point(x: 1, y: 2), style: .title, width: size.width - 2)
        let prompt = tr("queue.find") + " "
        buffer.write(prompt, at: Point(x: 1, y: 3))
        let typed = PrintableText.make(filter)
        let end = buffer.write(typed, at: Point(x: 1 + DisplayWidth.of(prompt), y: 3), style: .field, maxWidth: size.width - 2 - DisplayWidth.of(prompt))
        let shown = queue.matching(filter)
        let area = Rect(x: 1, y: 5, width: size.width - 2, height: Self.listHeight(size, queue: queue))
        if shown.isEmpty {
            buffer.writeCut(queue.pending.isEmpty ? tr("queue.noOneWaiting") : tr("queue.noMatch", ["typed": typed]), at: Point(x: 1, y: 5),
                         style: .hint, width: area.width)
        }
        list.render(shown.map { Self.line($0, queue: queue) }, in: area, into: &buffer)
        var y = area.y + area.height
        if !queue.invalid.isEmpty {
            buffer.writeCut(tr("queue.notOffered", ["rows": queue.invalid.map { tr("queue.row", ["row": String($0.row)]) }.joined(separator: ", ")]),
                         at: Point(x: 1, y: y), style: .error, width: size.width - 2)
            for row in queue.invalid.prefix(Self.invalidLines - 1) {
                y += 1
                buffer.writeCut(PrintableText.make("  " + Self.invalidLine(row)), at: Point(x: 1, y: y),
                             style: .hint, width: size.width - 2)
            }
        }
        buffer.writeCut(Self.footer(width: size.width - 2), at: Point(x: 1, y: size.height - 1), style: .hint, width: size.width - 2)
        return Point(x: 1 + DisplayWidth.of(prompt) + end, y: 3)
    }

    /// A row not offered and its problems, in the language shown now (line mode says it too).
    static func invalidLine(_ row: InvalidRow) -> String {
        tr("queue.invalidRow", ["row": String(row.row), "problems": ProblemList.joined(row.shownProblems)])
    }

    /// Lines kept for the rows not offered: a heading and the first few.
    private static let invalidLines = 4

    private static func listHeight(_ size: Size, queue: EnrolmentQueue) -> Int {
        max(1, size.height - 7 - (queue.invalid.isEmpty ? 0 : min(invalidLines, queue.invalid.count + 1)))
    }

    /// `Jane Doe <jane@contoso.com> (row 4)`, made printable.
    static func label(_ person: QueuePerson) -> String {
        let name = person.name.isEmpty ? "" : person.name + " "
        return PrintableText.make(tr("queue.person", ["name": name, "email": person.email, "row": String(person.row)]))
    }

    /// One person in the list, with an earlier failure when there is one.
    static func line(_ person: QueuePerson, queue: EnrolmentQueue) -> String {
        let label = label(person) + (person.isWalkIn ? tr("queue.walkIn") : "")
        guard let entry = queue.outcomes[person.row] else { return label }
        return label + tr("queue.failedBefore", ["code": entry.code.map { " (\($0))" } ?? ""])
    }
}
