/// A flat JSON object written member by member in the order given; nil values are left out. Package-wide:
/// the emulator writes its answers and its tokens' claims with it.
package struct JSONObjectWriter {
    private var bytes: [UInt8]

    package init() {
        bytes = [UInt8(ascii: "{")]
        bytes.reserveCapacity(256)
    }

    package mutating func add(_ key: String, _ value: String?) {
        guard let value else { return }
        open(key)
        appendString(value)
    }

    package mutating func add(_ key: String, _ value: Int?) {
        guard let value else { return }
        open(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    package mutating func addArray(_ key: String, _ objects: [JSONObjectWriter]) {
        open(key)
        bytes.append(UInt8(ascii: "["))
        for (index, object) in objects.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: object.bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The object's bytes, closing brace included; closes the writer's own buffer instead of copying it.
    package consuming func finished() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// Keys are the wire's own names (snake case ASCII), so they are written without escaping.
    private mutating func open(_ key: String) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: key.utf8)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// RFC 8259 §7: quote and backslash escaped, control characters as their short escape or `\u00XX`; every
    /// other character (slashes and non-ASCII included) as its UTF-8 bytes.
    private mutating func appendString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most values (tokens, GUIDs, labels) need no escape: one copy instead of a byte at a time.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                bytes.append(contentsOf: Array(#"\u00"#.utf8))
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
