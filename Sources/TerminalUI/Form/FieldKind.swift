/// What kind of input a ``FormField`` takes, with the kind-specific state.
public enum FieldKind: Hashable, Sendable {
    /// One line of text, scrolled horizontally inside its box.
    case text
    /// A secret. Masked unless `revealed`: a masked field draws one `•` per grapheme, never the text.
    case password(revealed: Bool)
    /// A one-time code of exactly `length` digits, drawn as slots. Like a password it is masked
    /// unless `revealed`: a masked slot shows `•`, never the digit.
    case code(length: Int, revealed: Bool)
    /// On or off; Space switches it.
    case toggle(isOn: Bool)
    /// One of `options`; ↑/↓ move the selection.
    case picker(options: [PickerOption], selected: Int)
}
