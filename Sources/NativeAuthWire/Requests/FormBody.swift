import Foundation

/// An `application/x-www-form-urlencoded` body: ordered parameters, absent ones omitted.
///
/// Encoding as MSAL iOS does it: keys and values are UTF-8, the unreserved set `A-Z a-z 0-9 - . _ ~`
/// stays as is, a space becomes `+`, every other byte becomes `%XX` (upper-case hex).
/// Source: docs/protocol.md §N1.2.
public struct FormBody: Sendable, Hashable {
    /// The parameters in the order they are sent.
    public private(set) var parameters: [(key: String, value: String)]

    /// An empty body; add parameters with `set`.
    public init() { parameters = [] }

    /// Decodes a received body: `+` is a space, `%XX` a UTF-8 byte. Malformed escapes are kept as text.
    public init(decoding body: Data) {
        // Split on the bytes `&` and `=` (never part of a multi-byte UTF-8 sequence): the emulator decodes every
        // request body, and splitting a `String` walks grapheme clusters.
        parameters = body.withUnsafeBytes { raw in
            raw.split(separator: UInt8(ascii: "&")).map { pair in
                guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { return (Self.unescape(bytes: pair), "") }
                return (Self.unescape(bytes: pair[..<equals]), Self.unescape(bytes: pair[(equals + 1)...]))
            }
        }
    }

    /// Appends `value` under `key`; a `nil` value is omitted entirely (never sent empty).
    public mutating func set(_ key: FormKey, _ value: String?) {
        guard let value else { return }
        parameters.removeAll { $0.key == key.rawValue }
        parameters.append((key.rawValue, value))
    }

    /// Appends a space-separated list; an empty list is omitted.
    public mutating func set<Values: Sequence>(_ key: FormKey, list values: Values) where Values.Element: WireVocabulary {
        let joined = values.spaceSeparated
        set(key, joined.isEmpty ? nil : joined)
    }

    /// The value sent under `key`, if any.
    public subscript(key: FormKey) -> String? { self[key.rawValue] }

    /// The value sent under a raw key, if any.
    public subscript(key: String) -> String? { parameters.last { $0.key == key }?.value }

    /// The parameters as a dictionary (the last value wins).
    public var dictionary: [String: String] {
        Dictionary(parameters.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The encoded body bytes.
    public var encoded: Data { Data(encodedString.utf8) }

    /// The encoded body as text.
    public var encodedString: String {
        parameters.map { "\(Self.escape($0.key))=\(Self.escape($0.value))" }.joined(separator: "&")
    }

    /// Equal when the same parameters appear in the same order with the same values.
    public static func == (lhs: FormBody, rhs: FormBody) -> Bool {
        lhs.parameters.elementsEqual(rhs.parameters) { $0.key == $1.key && $0.value == $1.value }
    }

    /// Hashes the parameters in order, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        for parameter in parameters {
            hasher.combine(parameter.key)
            hasher.combine(parameter.value)
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Percent-encodes one key or value.
    public static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            case UInt8(ascii: " "):
                bytes.append(UInt8(ascii: "+"))
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reverses `escape`: `+` is a space and `%XX` a byte; the bytes are read as UTF-8.
    public static func unescape<Text: StringProtocol>(_ text: Text) -> String {
        var text = String(text)
        return text.withUTF8 { unescape(bytes: $0[...]) }
    }

    private static func unescape<Bytes: Collection<UInt8>>(bytes: Bytes) -> String where Bytes.Index == Int {
        guard bytes.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                decoded.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), bytes.endIndex - index > 2,
                      let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 2
            } else {
                decoded.append(byte)
            }
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
