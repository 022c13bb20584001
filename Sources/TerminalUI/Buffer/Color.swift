/// The few foreground colours the console uses; each has a monochrome fallback in the backend.
public enum Color: Hashable, Sendable, CaseIterable {
    /// The eight-colour palette minus black and white; the curses backend gives each a colour pair.
    case red, green, yellow, blue, magenta, cyan
}
