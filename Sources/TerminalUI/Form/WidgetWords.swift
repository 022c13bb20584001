/// The words TerminalUI's own widgets draw (the help overlay, a form's scroll markers and focus place, the
/// too-small message). TerminalUI links no catalogue: it draws ``english``, and the console passes words filled
/// from its catalogue, so the launcher's first frame and English screens stay as they were.
public struct WidgetWords: Hashable, Sendable {
    /// One text a widget draws, with what it says.
    public enum Word: Hashable, Sendable {
        /// The help overlay on a terminal too small for its box: `keys` entries shown.
        case helpCompact(keys: Int)
        /// The help box's top border: where it was opened (`place`, already in the language).
        case helpTitle(place: String)
        /// Before the typed filter.
        case filterPrompt
        /// In the empty filter.
        case filterHint
        /// No entry contains `filter`.
        case noKeyMatches(filter: String)
        /// The help box's key hints above its bottom border.
        case helpFooter
        /// On the help box's bottom border: rows hidden above / below.
        case moreAbove, moreBelow
        /// A form's scroll markers, naming the key that scrolls.
        case morePageUp, morePageDown
        /// Below the smallest terminal a form is drawn on.
        case tooSmall(size: String, minimum: String)
        /// The focused field's place in a form with `count` fields (`index` from 1).
        case fieldPosition(index: Int, count: Int)
        /// The focus is on the buttons, after `fields` fields.
        case buttonsAfter(fields: Int)
        /// What a key does, in the footer and the help.
        case key(KeyWord)
        /// The help box's place when it lists a form's keys.
        case helpOnThisScreen
    }

    /// Which words these are (a language tag): two values are equal when it is.
    public let language: String
    private let text: @Sendable (Word) -> String

    /// Words for `language`, each given by `text`.
    public init(language: String, text: @escaping @Sendable (Word) -> String) {
        self.language = language
        self.text = text
    }

    /// The text of `word`.
    public func callAsFunction(_ word: Word) -> String { text(word) }

    public static func == (lhs: WidgetWords, rhs: WidgetWords) -> Bool { lhs.language == rhs.language }
    public func hash(into hasher: inout Hasher) { hasher.combine(language) }

    /// TerminalUI's own words: what every widget drew before the console had a catalogue.
    public static let english = WidgetWords(language: "en") { word in
        switch word {
        case .helpCompact(let keys): "Help: \(keys) keys; Esc closes"
        case .helpTitle(let place): " Keys: \(place) "
        case .filterPrompt: "Filter: "
        case .filterHint: "type to narrow the list"
        case .noKeyMatches(let filter): "No key matches \u{201C}\(filter)\u{201D}: Backspace widens"
        case .helpFooter: "Esc close  Bksp widen  ↑/↓ scroll  ^C quit"
        case .moreAbove: " ↑ more "
        case .moreBelow: " ↓ more "
        case .morePageUp: "↑ more (PgUp)"
        case .morePageDown: "↓ more (PgDn)"
        case .tooSmall(let size, let minimum): "Terminal too small (\(size)): the console needs at least \(minimum)."
        case .fieldPosition(let index, let count): "field \(index) of \(count)"
        case .buttonsAfter(let fields): "buttons, after \(fields) fields"
        case .key(let word): word.english
        case .helpOnThisScreen: "this screen"
        }
    }
}
