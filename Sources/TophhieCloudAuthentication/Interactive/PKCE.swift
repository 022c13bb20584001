import CCrypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636) with `S256`, plus the random `state` and `nonce` of one
/// authorization request.
///
/// `verifier`: 43 characters of base64url from 32 random bytes (as MSAL Python);
/// `challenge`: base64url(SHA-256(ASCII verifier)), no padding. Source: docs/protocol.md §I4.5; RFC 7636 §4.1–§4.2.
struct PKCE: Sendable {
    let verifier: String
    let challenge: String
    let state: String
    let nonce: String

    /// - Throws: `AuthError.unexpectedResponse` if the system's random source fails (OpenSSL `RAND_bytes`).
    init() throws {
        verifier = try Self.randomBase64URL(byteCount: 32)
        challenge = Self.challenge(for: verifier)
        state = try Self.randomBase64URL(byteCount: 16)
        nonce = try Self.randomBase64URL(byteCount: 16)
    }

    static func challenge(for verifier: String) -> String { Base64URL.encode(sha256(Array(verifier.utf8))) }

    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        _ = bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in SHA256(input.baseAddress, input.count, output.baseAddress) }
        }
        return digest
    }

    static func randomBase64URL(byteCount: Int) throws -> String {
        var bytes = [UInt8](repeating: 0, count: byteCount)
        guard RAND_bytes(&bytes, Int32(byteCount)) == 1 else {
            throw AuthError.unexpectedResponse("The system's random source failed.")
        }
        return Base64URL.encode(bytes)
    }
}
