import Foundation

/// Content-Transfer-Encodings (RFC 2045 §6) and charsets of a text part.
enum TransferDecoding {
    /// Quoted-printable: `=XX` is a byte, `=` at a line's end joins it to the next; a stray `=` stays as is.
    static func quotedPrintable(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "=") else {
                out.append(byte)
                index += 1
                continue
            }
            // Soft line break: "=\r\n" or "=\n" (trailing white space before it allowed by the RFC).
            var next = index + 1
            while next < bytes.count, bytes[next] == 32 || bytes[next] == 9 { next += 1 }
            if next < bytes.count, bytes[next] == 13 { next += 1 }
            if next < bytes.count, bytes[next] == 10 {
                index = next + 1
                continue
            }
            if index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }

    /// Base64 with line breaks and white space ignored; nil when anything else is not base64.
    static func base64(_ bytes: [UInt8]) -> [UInt8]? {
        let letters = bytes.filter { !($0 == 10 || $0 == 13 || $0 == 32 || $0 == 9) }
        var text = String(decoding: letters, as: UTF8.self)
        while text.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text).map { [UInt8]($0) }
    }

    /// The bytes as text in `charset` (utf-8 when absent or unknown; invalid bytes replaced).
    static func text(_ bytes: [UInt8], charset: String?) -> String {
        switch charset?.lowercased() {
        case "iso-8859-1", "latin1", "windows-1252":
            return String(bytes.map { Character(Unicode.Scalar($0)) })
        default:
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
