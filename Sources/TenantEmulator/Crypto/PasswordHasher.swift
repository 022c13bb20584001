import CCrypto
import Foundation
import NativeAuthWire

/// Salted PBKDF2-HMAC-SHA256 password hashes (OpenSSL `PKCS5_PBKDF2_HMAC`).
///
/// Stored form: `pbkdf2-sha256$<iterations>$<salt base64url>$<hash base64url>`, so a hash keeps the cost it
/// was made with when the configured cost changes. The cost is configurable so tests and the benchmark can
/// set it low; the default follows OWASP's 2023 guidance for PBKDF2-SHA256 (600 000).
public struct PasswordHasher: Sendable {
    /// The default cost for an emulator a person uses.
    public static let defaultIterations = 600_000

    /// PBKDF2 rounds for new hashes (at least 1); a stored hash keeps the rounds it was made with.
    public let iterations: Int

    /// Values below 1 become 1; the default is ``defaultIterations``.
    public init(iterations: Int = PasswordHasher.defaultIterations) {
        self.iterations = max(1, iterations)
    }

    /// Hashes `password` with a fresh 16-byte salt.
    func hash(_ password: String) -> String {
        let salt = SecureRandom.bytes(16)
        let derived = Self.derive(password, salt: salt, iterations: iterations)
        return "pbkdf2-sha256$\(iterations)$\(Base64URL.encode(salt))$\(Base64URL.encode(derived))"
    }

    /// Whether `password` matches `stored`, comparing in constant time.
    func verify(_ password: String, against stored: String) -> Bool {
        guard let parsed = Self.parse(stored) else { return false }
        let derived = Self.derive(password, salt: parsed.salt, iterations: parsed.rounds)
        guard derived.count == parsed.hash.count else { return false }
        return zip(derived, parsed.hash).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Whether `text` is a hash in the stored form with a 32-byte hash and at most 10 000 000 iterations (an
    /// imported hash is taken as is, so its cost is bounded).
    static func isStoredHash(_ text: String) -> Bool {
        guard let parsed = parse(text) else { return false }
        return parsed.rounds <= 10_000_000 && !parsed.salt.isEmpty && parsed.hash.count == 32
    }

    /// The iterations, salt and hash of the stored form; `nil` when it is not that form.
    private static func parse(_ stored: String) -> (rounds: Int, salt: [UInt8], hash: [UInt8])? {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let rounds = Int(parts[1]), rounds > 0,
              let salt = Base64URL.decode(parts[2]), let hash = Base64URL.decode(parts[3]) else { return nil }
        return (rounds, Array(salt), Array(hash))
    }

    private static func derive(_ password: String, salt: [UInt8], iterations: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        let length = Int32(password.utf8.count)
        let status = password.withCString { passwordPointer in
            salt.withUnsafeBufferPointer { saltBuffer in
                output.withUnsafeMutableBufferPointer { outputBuffer in
                    PKCS5_PBKDF2_HMAC(passwordPointer, length, saltBuffer.baseAddress, Int32(salt.count),
                                      Int32(iterations), EVP_sha256(), 32, outputBuffer.baseAddress)
                }
            }
        }
        if status != 1 { fatalError("OpenSSL PKCS5_PBKDF2_HMAC failed") }
        return output
    }
}
