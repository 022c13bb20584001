/// What a key means to an open ``ChoiceList`` (see ``Keymap/choiceList``); typed text is the filter.
public enum ListCommand: Hashable, Sendable {
    /// ↑ / ↓: the previous / next match.
    case up, down
    /// PgUp / PgDn: one page of matches back / on.
    case pageUp, pageDown
    /// Home / End: the first / last match.
    case first, last
    /// Backspace: drop the filter's last character, widening the list.
    case widen
    /// Ctrl-U: clear the filter.
    case clearFilter
    /// Enter: pick the highlighted match.
    case pick
    /// Esc: close the list, the value unchanged.
    case close
}
