import Foundation
import NativeAuthWire

/// Cryptographically secure random values from OpenSSL's CSPRNG (`RAND_bytes`, through `RandomPool`).
///
/// Codes and continuation tokens must not be guessable (NIST SP 800-63B §5.1.3: OTPs come from an
/// approved random bit generator), so nothing here uses `SystemRandomNumberGenerator` fallbacks.
enum SecureRandom {
    private static let pool = RandomPool()

    /// `count` random bytes.
    static func bytes(_ count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        buffer.withUnsafeMutableBytes { pool.fill($0) }
        return buffer
    }

    /// `length` decimal digits, each uniform (rejection sampling avoids modulo bias).
    static func digits(_ length: Int) -> String {
        // ASCII bytes, not Characters: counting a `String` walks it, and each digit was a `String` of its own.
        var result: [UInt8] = []
        result.reserveCapacity(length)
        while result.count < length {
            for byte in bytes(length * 2) where byte < 250 && result.count < length {
                result.append(UInt8(ascii: "0") + byte % 10)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// An opaque URL-safe token carrying `byteCount` random bytes.
    static func token(byteCount: Int = 32) -> String {
        Base64URL.encode(bytes(byteCount))
    }

    /// A random version-4 UUID string (lower case, as the service writes GUIDs).
    static func guid() -> String {
        // Written straight into the string's storage: every answer carries one or two GUIDs, and arrays for the
        // bytes, the hex and each dash's insertion cost more than the random bytes.
        var raw: (UInt64, UInt64) = (0, 0)
        return withUnsafeMutableBytes(of: &raw) { raw in
            pool.fill(raw)
            raw[6] = (raw[6] & 0x0F) | 0x40
            raw[8] = (raw[8] & 0x3F) | 0x80
            return String(unsafeUninitializedCapacity: 36) { text in
                var at = 0
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[at] = UInt8(ascii: "-")
                        at += 1
                    }
                    text[at] = LowercaseHex.digit(byte >> 4)
                    text[at + 1] = LowercaseHex.digit(byte & 0x0F)
                    at += 2
                }
                return at
            }
        }
    }
}
