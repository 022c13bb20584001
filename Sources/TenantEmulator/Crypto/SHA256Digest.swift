import CCrypto
import Foundation

/// SHA-256 of text, as hex: how refresh tokens are stored (never in plain text).
enum SHA256Digest {
    static func hex(_ text: String) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                SHA256(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return digest.map { String(format: "%02x", $0) }.joined()
    }
}
