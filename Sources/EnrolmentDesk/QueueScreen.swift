import EnrolmentFiles
import Launcher
import Localization
import ScreenPresentation
import TerminalUI

/// The home screen of `--enrol --queue` in the full-screen console: the next person and "k of N", a filter
/// typed straight in (name or email), the people it lets through, and the rows the list cannot offer. Enter
/// opens sign-up for the selected person; F7 and F8 mark them absent or skipped; ^N adds a walk-in.
package struct QueueScreen {
    /// What a key did.
    package enum Outcome: Equatable {
        case handled, ignored
        /// Open sign-up for this person.
        case seat(QueuePerson)
        /// F7 or F8: ask whether to keep this outcome for this person; `y` next is ``mark(_:_:)``, any other key keeps them.
        case confirming(QueuePerson, RecordOutcome)
        /// Keep this outcome (absent or skipped) for this person.
        case mark(QueuePerson, RecordOutcome)
        /// Open the walk-in form for someone not on the list.
        case walkIn
    }

    /// The footer in `width` columns: the screen's keys (^U, which clears the search, is in the help), each key named as
    /// the keyboard labels it beside the catalogue's word. Where one line is too short the find and move hints go first,
    /// then the rest wraps between hints onto a second line: every key that acts stays in view in a longer language.
    package static func footer(width: Int) -> [String] {
        var hints = [tr("queue.key.find"), "↑/↓ " + tr("queue.key.move"), "Enter " + tr("queue.key.signUp"), "F7 " + tr("queue.key.absent"),
                     "F8 " + tr("queue.key.skip"), "^N " + tr("queue.key.walkIn"), "^C " + tr("queue.key.quit")]
        while hints.count > 5, DisplayWidth.of(hints.joined(separator: "  ")) > width { hints.removeFirst() }
        return hints.reduce(into: []) { lines, hint in
            if let last = lines.last, DisplayWidth.of(last + "  " + hint) <= width { lines[lines.count - 1] = last + "  " + hint } else { lines.append(hint) }
        }
    }

    /// F12's hint in the header: the key as the keyboard labels it.
    static var languageHint: String { "\(ConsoleKeys.languageBinding.keyLabel) " + tr("queue.key.language") }

    /// Every key the screen takes, for the help overlay (F1; `?` is typed into the search here): F12 with the words
    /// every other screen's help gives it.
    package static var helpEntries: [HelpEntry] {
        [HelpEntry(tr("queue.help.typeKeys"), tr("queue.help.find")), HelpEntry("↑/↓ PgUp/PgDn", tr("queue.help.move")),
         HelpEntry("Enter", tr("queue.help.signUp")), HelpEntry("F7", tr("queue.help.absent")), HelpEntry("F8", tr("queue.help.skipped")),
         HelpEntry("^N", tr("queue.help.walkIn")), HelpEntry("^U", tr("queue.help.clear"))]
            + HelpEntry.entries(of: Keymap(bindings: [ConsoleKeys.languageBinding]), words: .catalogue) + [HelpEntry("^C", tr("queue.help.quit"))]
    }

    /// What staff typed to find someone.
    private(set) var filter = ""
    private var list = ScrollList()
    /// The mark F7 or F8 asked about: skipped takes the person off the list, absent sends them after everyone not yet
    /// seen, so a slip of a finger is not one.
    private var unconfirmed: (person: QueuePerson, outcome: RecordOutcome)?

    package init() {}

    /// Empty filter, selection on the next person: for each new person at the desk (no one's name stays typed).
    package mutating func reset() {
        filter = ""
        list = ScrollList()
        unconfirmed = nil
    }

    package mutating func handle(_ key: Key, queue: EnrolmentQueue, size: Size) -> Outcome {
        if let asked = unconfirmed {
            unconfirmed = nil
            return key == .character("y") || key == .character("Y") ? .mark(asked.person, asked.outcome) : .handled
        }
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
        case .function(7), .function(8):
            guard let selected else { return .ignored }
            unconfirmed = (selected, key == .function(7) ? .absent : .skipped)
            return .confirming(selected, key == .function(7) ? .absent : .skipped)
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

    /// Draws the screen over the whole of `buffer`: the header, the next person and the rows not offered wrap (a longer
    /// language takes more lines, nothing is cut), the list takes the rows left above the notice line and the footer.
    /// - Returns: where the cursor goes (the end of the filter).
    /// - Parameter languageKey: the desk offers F12's languages: the header's right end says so.
    package func render(_ queue: EnrolmentQueue, listName: String, mode: String, languageKey: Bool = false, into buffer: inout Buffer) -> Point {
        let size = buffer.size
        let width = size.width - 2
        let language = languageKey ? Self.languageHint : ""
        let header = TextWrap.wrap(PrintableText.make(tr("queue.header", ["list": listName, "mode": mode])),
                                   width: width - (language.isEmpty ? 0 : DisplayWidth.of(language) + 2))
        buffer.fill(Rect(x: 0, y: 0, width: size.width, height: header.count), style: .header)
        for (y, line) in header.enumerated() { buffer.writeCut(line, at: Point(x: 1, y: y), style: .header, width: width) }
        if !language.isEmpty { buffer.write(language, at: Point(x: size.width - 1 - DisplayWidth.of(language), y: 0), style: .header) }
        var y = header.count + 1
        for line in TextWrap.wrap(Self.headline(queue), width: width) {
            buffer.writeCut(line, at: Point(x: 1, y: y), style: .title, width: width)
            y += 1
        }
        let prompt = tr("queue.find") + " "
        buffer.write(prompt, at: Point(x: 1, y: y))
        let typed = PrintableText.make(filter)
        let end = buffer.write(typed, at: Point(x: 1 + DisplayWidth.of(prompt), y: y), style: .field, maxWidth: width - DisplayWidth.of(prompt))
        let cursor = Point(x: 1 + DisplayWidth.of(prompt) + end, y: y)
        let footer = Self.footer(width: width)
        let invalid = Self.invalidLines(queue, width: width)
        let shown = queue.matching(filter)
        let area = Rect(x: 1, y: y + 2, width: width, height: max(1, size.height - (y + 2) - invalid.count - 1 - footer.count))
        if shown.isEmpty {
            buffer.writeCut(queue.pending.isEmpty ? tr("queue.noOneWaiting") : tr("queue.noMatch", ["typed": typed]), at: Point(x: 1, y: area.y),
                            style: .hint, width: width)
        }
        list.render(shown.map { Self.line($0, queue: queue) }, in: area, into: &buffer)
        for (offset, line) in invalid.enumerated() {
            buffer.writeCut(line.text, at: Point(x: 1, y: area.y + area.height + offset), style: line.style, width: width)
        }
        for (offset, line) in footer.enumerated() {
            buffer.writeCut(line, at: Point(x: 1, y: size.height - footer.count + offset), style: .hint, width: width)
        }
        return cursor
    }

    /// The heading of the rows not offered and as many whole rows as fit in ``invalidLineCount`` lines, wrapped.
    private static func invalidLines(_ queue: EnrolmentQueue, width: Int) -> [(text: String, style: Style)] {
        guard !queue.invalid.isEmpty else { return [] }
        let heading = tr("queue.notOffered", ["rows": queue.invalid.map { tr("queue.row", ["row": String($0.row)]) }.joined(separator: ", ")])
        var lines = TextWrap.wrap(heading, width: width).map { (text: $0, style: Style.error) }
        for row in queue.invalid {
            let wrapped = TextWrap.wrap(PrintableText.make(invalidLine(row)), width: width - 2).map { (text: "  " + $0, style: Style.hint) }
            guard lines.count + wrapped.count <= invalidLineCount else { break }
            lines += wrapped
        }
        return lines
    }

    /// The line above the list (line mode says it too): the next person and k of N, everyone done with, or, when every
    /// row was refused, that no one can be offered ("done with, 0 of 0" read as a list already served).
    package static func headline(_ queue: EnrolmentQueue) -> String {
        let (k, count) = queue.position
        if let next = queue.next { return tr("queue.next", ["person": label(next), "position": k, "count": count]) }
        return count == 0 && !queue.invalid.isEmpty ? tr("queue.noneOffered") : tr("queue.allDone", ["done": queue.done, "count": count])
    }

    /// A row not offered and its problems, in the language shown now (line mode says it too).
    package static func invalidLine(_ row: InvalidRow) -> String {
        tr("queue.invalidRow", ["row": String(row.row), "problems": ProblemList.joined(row.shownProblems)])
    }

    /// Lines kept for the rows not offered: a heading and the first few.
    private static let invalidLineCount = 4

    /// The list's rows for paging, as one-line header, next and footer leave them (``render`` draws it from the lines
    /// they take).
    private static func listHeight(_ size: Size, queue: EnrolmentQueue) -> Int {
        max(1, size.height - 7 - (queue.invalid.isEmpty ? 0 : min(invalidLineCount, queue.invalid.count + 1)))
    }

    /// `Jane Doe <jane@contoso.com> (row 4)`, made printable.
    package static func label(_ person: QueuePerson) -> String {
        let name = person.name.isEmpty ? "" : person.name + " "
        return PrintableText.make(tr("queue.person", ["name": name, "email": person.email, "row": String(person.row)]))
    }

    /// One person in the list, with an earlier failure or absence when there is one.
    package static func line(_ person: QueuePerson, queue: EnrolmentQueue) -> String {
        let label = label(person) + (person.isWalkIn ? tr("queue.walkIn") : "")
        guard let entry = queue.outcomes[person.row] else { return label }
        if entry.outcome == .absent { return label + tr("queue.absentBefore") }
        return label + tr("queue.failedBefore", ["code": entry.code.map { " (\($0))" } ?? ""])
    }
}
