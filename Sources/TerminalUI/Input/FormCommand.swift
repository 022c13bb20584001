/// What a key means to a form once the focused widget has declined it.
public enum FormCommand: Hashable, Sendable {
    /// Focus the next field or enabled button, wrapping round to the first.
    case nextField
    /// Focus the previous field or enabled button, wrapping round to the last.
    case previousField
    /// Enter: submit the form (or press the focused button).
    case submit
    /// Esc: go back one step.
    case back
    /// F1: show the help screen.
    case help
    /// Show or hide the focused password or code.
    case toggleReveal
    /// PgUp / PgDn: scroll a body taller than the screen, so text no field owns (details, claims)
    /// can be read; moving the focus scrolls back to it.
    case scroll
    /// Leave the console (terminal restored).
    case quit
    /// A key of an open ``ChoiceList``; means nothing to a form without one.
    case list(ListCommand)
    /// A command the application handles itself (a pane toggle, an export), by name.
    case app(String)
}
