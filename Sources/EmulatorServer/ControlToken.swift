import CCrypto
import Foundation
import NativeAuthWire
import Secrets

/// The bearer credential the control API (`/emulator/v1/…`: user export with password hashes, deletion,
/// device-code approval, clock, faults) requires when the emulator listens where others can reach it.
///
/// Checked by `EmulatorResponder` on every control request that arrives over HTTP: `Authorization: Bearer TOKEN`,
/// compared in constant time (SHA-256 of each side, then `CRYPTO_memcmp`, so neither the length nor the first
/// differing byte shows in the answer time); anything else gets 401. In-process callers (the console's panel)
/// call `TenantEmulator.handle` directly and need none. Source: RFC 6750 §2.1, §3.
struct ControlToken: Sendable {
    let value: Secret

    /// A token given by the operator (read from a file); surrounding whitespace dropped.
    /// - Throws: `Failure` when it is shorter than 16 characters or has characters a header cannot carry.
    init(_ text: String) throws(Failure) {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard value.count >= 16, value.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw Failure(description: "a control token needs at least 16 visible ASCII characters (no spaces)")
        }
        self.value = Secret(value)
    }

    /// 32 bytes of OpenSSL's CSPRNG, base64url without padding (43 characters).
    static func generate() -> ControlToken {
        var bytes = [UInt8](repeating: 0, count: 32)
        // RAND_bytes only fails when the CSPRNG cannot be seeded; a guessable credential is worse than stopping.
        guard RAND_bytes(&bytes, Int32(bytes.count)) == 1 else { fatalError("OpenSSL RAND_bytes failed: the CSPRNG is unavailable") }
        return ControlToken(checked: Base64URL.encode(bytes))
    }

    private init(checked value: String) { self.value = Secret(value) }

    /// Whether an `Authorization` header value carries this token (`Bearer` in any case, one space).
    func admits(_ authorization: String?) -> Bool {
        guard let authorization, authorization.count > 7, authorization.prefix(7).lowercased() == "bearer " else { return false }
        let given = Self.digest(String(authorization.dropFirst(7)))
        let wanted = Self.digest(value.revealed)
        return given.withUnsafeBytes { lhs in wanted.withUnsafeBytes { rhs in CRYPTO_memcmp(lhs.baseAddress, rhs.baseAddress, 32) == 0 } }
    }

    private static func digest(_ text: String) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        let bytes = Array(text.utf8)
        _ = SHA256(bytes, bytes.count, &out)
        return out
    }

    /// Whether `host` is a loopback address (`127.0.0.0/8`, `::1`, `localhost`): only this host's users reach it.
    static func isLoopback(_ host: String) -> Bool {
        if host == "::1" || host.lowercased() == "localhost" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { UInt8($0) != nil } && octets[0] == "127"
    }

    /// Why a given token was refused.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
