/// What a key did to a form, for the input loop to act on.
public enum FormOutcome: Hashable, Sendable {
    /// Nothing (an unbound key).
    case ignored
    /// A field's value changed, or focus moved between buttons: redraw.
    case changed
    /// Focus moved away from the field with this id: the moment to validate it (then redraw).
    case leftField(id: String)
    /// Enter: `button` is the focused button's id, or nil when Enter was pressed in a field.
    case submitted(button: String?)
    /// ``FormCommand/back`` (Esc): go back one step.
    case back
    /// ``FormCommand/help`` (F1): show the help screen for the form's keymap.
    case help
    /// ``FormCommand/quit`` (Ctrl-C): leave the console.
    case quit
    /// A key bound to an application command (``FormCommand/app(_:)``).
    case app(String)
}
