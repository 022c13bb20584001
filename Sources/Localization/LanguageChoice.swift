import Synchronization

/// The language a session shows, which the person at an enrolment desk may change and the idle reset sets back.
/// A reference, so the session's tasks share it: bind one per session with ``Localization/$choice``.
public final class LanguageChoice: Sendable {
    private let current: Mutex<Localizer>

    public init(_ localizer: Localizer) { current = Mutex(localizer) }

    /// The language shown now.
    public var localizer: Localizer { current.withLock { $0 } }

    /// Shows `localizer` from the next message on.
    public func set(_ localizer: Localizer) { current.withLock { $0 = localizer } }
}

/// Where screen code finds the language: the task's bound ``LanguageChoice`` (English unless a session or test
/// binds one, so tests may render several languages at once).
public enum Localization {
    @TaskLocal public static var choice = LanguageChoice(.english)

    /// The language of the calling task.
    public static var current: Localizer { choice.localizer }

    /// Runs `body` with `localizer`'s messages (the gallery and tests draw a screen per language this way).
    public static func with<R>(_ localizer: Localizer, _ body: () throws -> R) rethrows -> R {
        try $choice.withValue(LanguageChoice(localizer), operation: body)
    }
}

/// The catalogue message `key` in the calling task's language, its named arguments filled in. Screen code calls
/// this with a literal key (the catalogue tests find the keys in use by that shape: `tr("…"`).
public func tr(_ key: String, _ arguments: [String: any MessageArgument] = [:]) -> String {
    Localization.current.text(key, arguments)
}
