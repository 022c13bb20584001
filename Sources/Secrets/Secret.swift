/// A password, one-time code, continuation token, token or private key: text that never reaches a log, trace,
/// report, crash output or the screen by being printed. `print`, string interpolation, `String(describing:)`,
/// `String(reflecting:)`, `dump` and debuggers all show ``marker``; only ``revealed`` gives the text, for the wire
/// and the 0600 token cache.
public struct Secret: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable {
    /// The one redaction marker, also written in place of secret fields in wire bodies, traces and HARs.
    public static let marker = "<redacted>"

    /// The secret text itself: call it only where the text is sent or stored.
    public let revealed: String

    /// Wraps `text`.
    public init(_ text: String) { revealed = text }

    /// Wraps a literal (test fixtures, sample values).
    public init(stringLiteral text: String) { revealed = text }

    /// Whether no text is held (nothing typed yet), which tells nothing about a secret.
    public var isEmpty: Bool { revealed.isEmpty }

    /// ``marker``, whatever the text: what `print` and interpolation show.
    public var description: String { Self.marker }

    /// ``marker``, whatever the text: what `debugPrint`, `String(reflecting:)` and debuggers show.
    public var debugDescription: String { Self.marker }

    /// No children: `dump` shows ``marker`` and nothing inside.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
