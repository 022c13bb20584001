import Foundation

/// The `attributes` parameter: a JSON object serialised to one string, then form-encoded.
///
/// Keys are attribute API names (`displayName`, `extension_<appid>_<name>`); values are strings, as
/// the documentation and the Android / JS SDKs send them. Keys are sorted so a body is reproducible.
/// Source: docs/protocol.md §N4.1 and §N4.3 (`grant_type=attributes`).
public enum AttributesParameter {
    /// A value that cannot be sent: it is not valid Unicode text (e.g. holds a lone surrogate or NUL).
    public struct EncodingFailure: Error, Sendable, Equatable {
        /// The attribute names whose values cannot be encoded.
        public let names: [String]

        /// A failure naming the attributes whose values cannot be encoded.
        public init(names: [String]) { self.names = names }
    }

    /// Serialises `values` to the JSON text sent as `attributes`.
    /// - Throws: `EncodingFailure` naming every attribute whose value cannot be encoded.
    public static func encode(_ values: [String: String]) throws(EncodingFailure) -> String {
        let bad = values.filter { !isEncodable($0.key) || !isEncodable($0.value) }.map(\.key).sorted()
        guard bad.isEmpty else { throw EncodingFailure(names: bad) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(values) else { throw EncodingFailure(names: values.keys.sorted()) }
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads the `attributes` JSON text back. Non-string JSON values (numbers, booleans) become text,
    /// since MSAL iOS sends whatever JSON types the app passed. Returns `nil` when it is not a JSON object.
    public static func decode(_ text: String) -> [String: String]? {
        guard let object = try? JSONDecoder().decode([String: JSONScalar].self, from: Data(text.utf8)) else { return nil }
        return object.mapValues(\.text)
    }

    /// A JSON value read as the text a user would see.
    private enum JSONScalar: Decodable {
        case text(String)

        var text: String { switch self { case .text(let value): value } }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let string = try? container.decode(String.self) { self = .text(string) }
            else if let bool = try? container.decode(Bool.self) { self = .text(bool ? "true" : "false") }
            else if let int = try? container.decode(Int.self) { self = .text(String(int)) }
            else if let double = try? container.decode(Double.self) { self = .text(String(double)) }
            else if container.decodeNil() { self = .text("") }
            else { throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a scalar") }
        }
    }

    /// Text survives UTF-8 only when it holds no lone surrogates; NUL is refused as well.
    private static func isEncodable(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value == 0 || $0 == "\u{FFFD}" }
    }
}
