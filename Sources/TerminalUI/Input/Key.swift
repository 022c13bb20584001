/// A key press (or a whole bracketed paste) decoded from terminal input.
///
/// Backends turn raw bytes into `Key`s at the edge (see ``InputDecoder``); widgets and keymaps
/// only ever see this enum.
public enum Key: Hashable, Sendable {
    /// A printable grapheme typed by the user.
    case character(Character)
    /// Text delivered by a bracketed paste, markers removed. It is inserted, never interpreted:
    /// a newline inside a paste does not submit.
    case paste(String)
    /// Ctrl plus a letter, lower-cased (`.control("a")` is Ctrl-A). Tab, Enter and Backspace have
    /// their own cases.
    case control(Character)
    /// A function key, `F1` is `.function(1)`.
    case function(Int)
    /// The arrow keys.
    case up, down, left, right
    /// The editing-pad keys; `delete` is the forward delete key, not Backspace.
    case home, end, pageUp, pageDown, insert, delete
    /// Tab, Shift-Tab, Enter, Backspace (DEL or BS) and Esc; a lone Esc comes after the backend's escape delay.
    case tab, backTab, enter, backspace, escape
    /// Alt (Meta) plus a key: Esc and the key's bytes arriving together (`ESC b` is Alt-b), or an
    /// xterm modifier parameter with the Alt bit (`ESC [ 1;3D` is Alt-←). Nothing binds one yet, so
    /// it is ignored, never taken for Esc and a key.
    indirect case alt(Key)
}
