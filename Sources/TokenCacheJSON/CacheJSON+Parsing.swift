/// A strict JSON reader (RFC 8259): one value, then only whitespace. Error messages give a byte offset and
/// what was expected, never the text around it, so a secret never reaches a message.
extension CacheJSON {
    /// Deepest nesting accepted; deeper input is refused instead of exhausting the stack.
    static let maximumDepth = 256

    /// Parses `bytes` as one JSON value.
    /// - Throws: ``CacheJSONError`` naming the byte offset of the first error.
    public static func parse(_ bytes: [UInt8]) throws(CacheJSONError) -> CacheJSON {
        var reader = Reader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else {
            throw CacheJSONError("extra bytes after the JSON value at byte \(reader.index) of \(bytes.count)")
        }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        func failure(_ expected: String) -> CacheJSONError {
            index < bytes.count
                ? CacheJSONError("expected \(expected) at byte \(index) of \(bytes.count)")
                : CacheJSONError("the JSON text ends early (after \(bytes.count) bytes; expected \(expected))")
        }

        mutating func value(depth: Int) throws(CacheJSONError) -> CacheJSON {
            guard depth < CacheJSON.maximumDepth else { throw CacheJSONError("nesting deeper than \(CacheJSON.maximumDepth) at byte \(index)") }
            switch current {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case let byte? where byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39): return .number(try number())
            default: throw failure("a value")
            }
        }

        mutating func literal(_ word: String) throws(CacheJSONError) {
            for expected in word.utf8 {
                guard current == expected else { throw failure("`\(word)`") }
                index += 1
            }
        }

        mutating func object(depth: Int) throws(CacheJSONError) -> CacheJSON {
            index += 1
            var members: [String: CacheJSON] = [:]
            skipWhitespace()
            if current == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw failure("a member name") }
                let name = try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw failure("`:`") }
                index += 1
                skipWhitespace()
                members[name] = try value(depth: depth + 1)
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"): index += 1; return .object(members)
                default: throw failure("`,` or `}`")
                }
            }
        }

        mutating func array(depth: Int) throws(CacheJSONError) -> CacheJSON {
            index += 1
            var elements: [CacheJSON] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"): index += 1; return .array(elements)
                default: throw failure("`,` or `]`")
                }
            }
        }

        mutating func digits() -> Int {
            let start = index
            while let byte = current, byte >= 0x30 && byte <= 0x39 { index += 1 }
            return index - start
        }

        mutating func number() throws(CacheJSONError) -> String {
            let start = index
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
            } else if digits() == 0 {
                throw failure("a digit")
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw failure("a digit") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw failure("a digit") }
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func string() throws(CacheJSONError) -> String {
            let start = index
            index += 1
            var utf8: [UInt8] = []
            while true {
                guard let byte = current else { throw failure("`\"`") }
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard let text = String(validating: utf8, as: UTF8.self) else {
                        throw CacheJSONError("a string that is not UTF-8 at byte \(start)")
                    }
                    return text
                case UInt8(ascii: "\\"):
                    try escape(into: &utf8)
                case 0x00..<0x20:
                    index -= 1
                    throw failure("no control character inside a string")
                default:
                    utf8.append(byte)
                }
            }
        }

        mutating func escape(into utf8: inout [UInt8]) throws(CacheJSONError) {
            guard let byte = current else { throw failure("an escape") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar), current == UInt8(ascii: "\\"),
                   index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                    let save = index
                    index += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = save
                    }
                }
                // A lone surrogate cannot be held in a Swift string: it becomes U+FFFD.
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                utf8.append(contentsOf: String(Character(character)).utf8)
            default:
                index -= 1
                throw failure("a valid escape")
            }
        }

        mutating func hex4() throws(CacheJSONError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = current else { throw failure("a hex digit") }
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: throw failure("a hex digit")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }
    }
}
