/// The few foreground colours the console uses; each has a monochrome fallback in the backend.
public enum Color: Hashable, Sendable, CaseIterable {
    case red, green, yellow, blue, magenta, cyan
}
