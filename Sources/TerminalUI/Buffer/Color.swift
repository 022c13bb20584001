/// The few colours the console uses; each has a monochrome fallback in the backend.
public enum Color: Hashable, Sendable, CaseIterable {
    /// The eight-colour palette; the curses backend gives each a colour pair over the terminal's background.
    case red, green, yellow, blue, magenta, cyan
    /// Only with an explicit background (a QR code's dark and light modules), never as text on the
    /// terminal's own background, where either may be invisible.
    case black, white
}
