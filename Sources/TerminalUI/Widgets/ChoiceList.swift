/// The open list of a long picker: type-to-filter, paging, pick or close (as huh's select and fzf).
///
/// The rule for typed text: the list shows the options whose title (or detail) contains the filter (any case),
/// in their own order, and the highlight goes to the first of them whose title *starts* with the
/// filter (else the first match). So one letter both filters and jumps to that letter's first entry
/// ("p" lands on "Pakistan", and "Nepal" is still listed). Backspace widens the filter and keeps the
/// highlighted option when it still matches. Enter picks, Esc closes without changing the value.
public struct ChoiceList: Hashable, Sendable {
    /// A picker with more options than this is drawn collapsed to one row and opens this list.
    public static let collapseAbove = 7
    /// Matches shown at once, and how far PgUp/PgDn move.
    public static let pageSize = 10

    /// The index in ``FormView/fields`` of the picker the list belongs to.
    public let field: Int
    /// Every option of the picker.
    public let options: [PickerOption]
    /// What was typed.
    public private(set) var filter = ""
    /// Indices into ``options`` whose title contains ``filter``, in order.
    public private(set) var matches: [Int]
    /// The position in ``matches`` of the highlighted option; nil when nothing matches.
    public private(set) var highlighted: Int?
    /// The position in ``matches`` of the first row shown; moves only to keep the highlight in view.
    public private(set) var top = 0

    /// What a key did to the list.
    public enum Outcome: Hashable, Sendable {
        /// Nothing: the key means nothing here.
        case ignored
        /// The filter or the highlight changed.
        case changed
        /// Enter on an option: its index in ``options``.
        case picked(Int)
        /// Esc: closed, the value unchanged.
        case closed
    }

    /// A list on every option of the picker at `field`, highlighting `selected`, filtered by `filter`.
    public init(field: Int, options: [PickerOption], selected: Int, filter: String = "") {
        self.field = field
        self.options = options
        matches = Array(options.indices)
        highlighted = options.isEmpty ? nil : min(max(0, selected), options.count - 1)
        if !filter.isEmpty { setFilter(filter, keeping: nil) } else { keepInView() }
    }

    /// The option under the highlight, by index into ``options``.
    public var highlightedOption: Int? { highlighted.map { matches[$0] } }

    /// `"3 of 250"`: matches out of all options.
    public var countText: String { "\(matches.count) of \(options.count)" }

    /// Applies a key: typed text extends the filter, ``Keymap/choiceList`` commands do the rest.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let character) where !character.isNewline:
            setFilter(filter + String(character), keeping: nil)
            return .changed
        case .paste(let text):
            let line = text.filter { !$0.isNewline }
            guard !line.isEmpty else { return .ignored }
            setFilter(filter + line, keeping: nil)
            return .changed
        default:
            break
        }
        guard let command = Keymap.choiceList.listCommand(for: key) else { return .ignored }
        switch command {
        case .up: move(to: (highlighted ?? 0) - 1)
        case .down: move(to: (highlighted ?? -1) + 1)
        case .pageUp: move(to: (highlighted ?? 0) - Self.pageSize)
        case .pageDown: move(to: (highlighted ?? 0) + Self.pageSize)
        case .first: move(to: 0)
        case .last: move(to: matches.count - 1)
        case .widen:
            guard !filter.isEmpty else { return .ignored }
            setFilter(String(filter.dropLast()), keeping: highlightedOption)
        case .clearFilter:
            guard !filter.isEmpty else { return .ignored }
            setFilter("", keeping: highlightedOption)
        case .pick:
            return highlightedOption.map(Outcome.picked) ?? .ignored
        case .close:
            return .closed
        }
        return .changed
    }

    private mutating func move(to position: Int) {
        guard !matches.isEmpty else { return }
        highlighted = min(max(0, position), matches.count - 1)
        keepInView()
    }

    /// Filters by `text`; the highlight stays on `kept` when it still matches, else follows the rule above.
    private mutating func setFilter(_ text: String, keeping kept: Int?) {
        filter = text
        let needle = text.lowercased()
        let titles = options.map { $0.title.lowercased() }
        // The detail is drawn beside the title (a sign-in row's address), so it is searched too.
        let shown = options.map { ($0.title + " " + ($0.detail ?? "")).lowercased() }
        matches = needle.isEmpty ? Array(options.indices) : options.indices.filter { shown[$0].contains(needle) }
        if let kept, let position = matches.firstIndex(of: kept) {
            highlighted = position
        } else if matches.isEmpty {
            highlighted = nil
        } else {
            highlighted = matches.firstIndex { titles[$0].hasPrefix(needle) } ?? 0
        }
        top = 0
        keepInView()
    }

    private mutating func keepInView() {
        guard let highlighted else { return }
        if highlighted < top { top = highlighted }
        if highlighted >= top + Self.pageSize { top = highlighted - Self.pageSize + 1 }
    }
}
