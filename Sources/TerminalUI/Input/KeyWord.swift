/// What a key does, as the footer and the help name it: a ``KeyBinding`` carries its word, and ``WidgetWords`` gives
/// the text in the language shown (``english`` unless the console fills the words from its catalogue).
public enum KeyWord: Hashable, Sendable {
    /// A form's keys (``Keymap/form``): the footer's short words, then the help's longer ones.
    case next, previous, nextField, previousField, submit, back, reveal, scroll, help, helpOutsideTextField, quit
    /// An open list's keys (``Keymap/choiceList``).
    case filter, previousOption, nextOption, pageUp, pageDown, firstMatch, lastMatch, clearFilter, pick, closeList
    /// A text field's editing keys (``Keymap/editingHelp``).
    case moveByCharacter, startOrEnd, deleteAroundCursor, deleteToStartOrEnd, deleteWord
    /// Space and ↑/↓ where a form has a toggle, a list to choose in, or both (``Keymap/choosingHelp(toggle:list:)``).
    case switchToggle, chooseInList, switchToggleOrChooseInList
    /// A key the application handles itself, by the name its ``FormCommand/app(_:)`` carries: TerminalUI knows no
    /// words for it and shows the name; the console's words describe it.
    case app(String)

    /// TerminalUI's own words, as every key was described before the console had a catalogue.
    public var english: String {
        switch self {
        case .next: "next"
        case .previous: "prev"
        case .nextField: "next field"
        case .previousField: "previous field"
        case .submit: "submit"
        case .back: "back"
        case .reveal: "reveal"
        case .scroll: "scroll"
        case .help: "help"
        case .helpOutsideTextField: "help (? outside a text field)"
        case .quit: "quit"
        case .filter: "filter"
        case .previousOption: "previous"
        case .nextOption: "next"
        case .pageUp: "page up"
        case .pageDown: "page down"
        case .firstMatch: "first match"
        case .lastMatch: "last match"
        case .clearFilter: "clear the filter"
        case .pick: "pick"
        case .closeList: "close, no change"
        case .moveByCharacter: "move by character"
        case .startOrEnd: "start / end of the field"
        case .deleteAroundCursor: "delete before / at the cursor"
        case .deleteToStartOrEnd: "delete to the start / to the end"
        case .deleteWord: "delete the word before the cursor"
        case .switchToggle: "switch a toggle"
        case .chooseInList: "choose in a list"
        case .switchToggleOrChooseInList: "switch a toggle; choose in a list"
        case .app(let name): name
        }
    }
}
