/// What a ``Backend`` hands to the input loop.
public enum InputEvent: Hashable, Sendable {
    /// A decoded key.
    case key(Key)
    /// The terminal changed size; redraw everything at the new size. Nothing typed is lost: the
    /// form state lives with the caller, not in the terminal.
    case resized(Size)
    /// No input arrived within the idle timeout: move countdowns and redraw.
    case tick
    /// The input closed (the terminal hung up): the session must end.
    case inputClosed
}
