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
        var result = ""
        result.reserveCapacity(length)
        while result.count < length {
            for byte in bytes(length * 2) where byte < 250 && result.count < length {
                result.append(Character(String(byte % 10)))
            }
        }
        return result
    }

    /// An opaque URL-safe token carrying `byteCount` random bytes.
    static func token(byteCount: Int = 32) -> String {
        Base64URL.encode(bytes(byteCount))
    }

    /// A random version-4 UUID string (lower case, as the service writes GUIDs).
    static func guid() -> String {
        var raw = bytes(16)
        raw[6] = (raw[6] & 0x0F) | 0x40
        raw[8] = (raw[8] & 0x3F) | 0x80
        var text = LowercaseHex.utf8(raw)
        for dash in [20, 16, 12, 8] { text.insert(UInt8(ascii: "-"), at: dash) }
        return String(decoding: text, as: UTF8.self)
    }
}
