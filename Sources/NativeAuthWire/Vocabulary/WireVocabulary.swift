/// A server vocabulary (error code, suberror, challenge type, …) that decodes unknown strings to
/// `.unknown(String)` instead of failing, as MSAL's unknown-case enums do.
///
/// Source: docs/protocol.md §N1.7 ("maps unknown error / suberror strings to unknown").
public protocol WireVocabulary: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Every known case, in wire order.
    static var known: [Self] { get }
    /// The case for a string the vocabulary does not know.
    static func unknown(_ value: String) -> Self
    /// The string sent or received on the wire.
    var wireValue: String { get }
    /// Whether wire values compare case-insensitively (challenge channels and attribute types do).
    static var caseInsensitive: Bool { get }
}

extension WireVocabulary {
    /// Default: exact, case-sensitive comparison.
    public static var caseInsensitive: Bool { false }

    /// Decodes a wire string; never fails.
    @inlinable  // specialised in the emulator's request path, which decodes lists on every request
    public init(wireValue: String) {
        let match: Self?
        if Self.caseInsensitive {
            let wanted = wireValue.lowercased()
            match = Self.known.first { $0.wireValue.lowercased() == wanted }
        } else {
            match = Self.known.first { $0.wireValue == wireValue }
        }
        self = match ?? .unknown(wireValue)
    }

    /// Decodes a JSON string; an unknown value becomes `.unknown`.
    /// - Throws: `DecodingError` only when the value is not a string.
    public init(from decoder: any Decoder) throws {
        self.init(wireValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes `wireValue` as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wireValue)
    }

    /// The wire string, so interpolation shows what was sent or received.
    public var description: String { wireValue }

    /// Decodes a space-separated list such as `oob password redirect`.
    @inlinable
    public static func list(_ spaced: String) -> [Self] {
        // Split on the byte: splitting the `String` walks grapheme clusters, and the emulator parses a list per request.
        spaced.utf8.split(separator: UInt8(ascii: " ")).map { Self(wireValue: String(decoding: $0, as: UTF8.self)) }
    }
}

extension Sequence where Element: WireVocabulary {
    /// The space-separated wire form of a list: `oob password redirect`.
    public var spaceSeparated: String { map(\.wireValue).joined(separator: " ") }
}
