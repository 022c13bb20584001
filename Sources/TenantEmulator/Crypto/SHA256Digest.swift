import CCrypto
import Foundation

/// SHA-256 of text, as hex: how refresh tokens are stored (never in plain text); raw for PKCE `S256`.
enum SHA256Digest {
    /// The 32 digest bytes of the UTF-8 text (RFC 7636 §4.2 hashes the ASCII verifier).
    static func bytes(_ text: String) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                SHA256(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return digest
    }

    static func hex(_ text: String) -> String {
        let digest = bytes(text)
        // Hex by table: `String(format:)` per byte was a visible share of every token request's profile.
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8](repeating: 0, count: 64)
        for (index, byte) in digest.enumerated() {
            hex[2 * index] = digits[Int(byte >> 4)]
            hex[2 * index + 1] = digits[Int(byte & 0x0f)]
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
