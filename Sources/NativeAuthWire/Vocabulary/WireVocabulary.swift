/// A server vocabulary (error code, suberror, challenge type, …) that decodes unknown strings to
/// `.unknown(String)` instead of failing, as MSAL's unknown-case enums do.
///
/// Source: docs/protocol.md §N1.7 ("maps unknown error / suberror strings to unknown").
public protocol WireVocabulary: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The documented wire strings, one case each: `CaseIterable`, so ``known`` and decoding are derived from it,
    /// and `init(_:)`'s exhaustive switch names every one (the `unknown` case keeps `Self` from being `CaseIterable`).
    associatedtype Known: CaseIterable, RawRepresentable, Sendable where Known.RawValue == String
    /// The case for a documented wire string.
    init(_ known: Known)
    /// The case for a string the vocabulary does not know.
    static func unknown(_ value: String) -> Self
    /// Whether wire values compare case-insensitively (challenge channels and attribute types do).
    static var caseInsensitive: Bool { get }
}

extension WireVocabulary {
    /// Default: exact, case-sensitive comparison.
    public static var caseInsensitive: Bool { false }

    /// The string sent or received on the wire: the documented string of the known case this is, or the unknown
    /// string as sent (the `unknown` case's only child).
    @inlinable  // specialised where the emulator encodes its answers
    public var wireValue: String {
        if let known = Known.allCases.first(where: { Self($0) == self }) { return known.rawValue }
        return Mirror(reflecting: self).children.first?.value as? String ?? ""
    }

    /// Every known case, in wire order.
    public static var known: [Self] { Known.allCases.map(Self.init) }

    /// Decodes a wire string; never fails.
    @inlinable  // specialised in the emulator's request path, which decodes lists on every request
    public init(wireValue: String) {
        let match: Known?
        if Self.caseInsensitive {
            let wanted = wireValue.lowercased()
            match = Known.allCases.first { $0.rawValue.lowercased() == wanted }
        } else {
            match = Known(rawValue: wireValue)
        }
        self = match.map(Self.init) ?? .unknown(wireValue)
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
