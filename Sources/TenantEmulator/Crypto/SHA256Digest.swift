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
        String(decoding: LowercaseHex.utf8(bytes(text)), as: UTF8.self)
    }
}
