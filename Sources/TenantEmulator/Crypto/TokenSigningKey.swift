/// A tenant's token-signing key (RSA, RS256), made once and handed to any number of emulators.
///
/// Generating an RSA-2048 key is the costliest part of an emulator's start: about a tenth of a second of a core,
/// and much more on a loaded machine, spent wherever `TenantEmulator.init` runs. A program that starts many
/// emulators (a test suite) makes one key and passes it to each. Immutable, so sharing it is safe.
public struct TokenSigningKey: Sendable {
    let rsa: RSASigningKey

    /// Generates a fresh key.
    /// - Parameter bits: the RSA modulus size; 2048, as Entra signs, unless a benchmark states less.
    /// - Throws: when OpenSSL cannot generate the key.
    public static func generate(bits: Int = 2048) throws -> TokenSigningKey {
        TokenSigningKey(rsa: try RSASigningKey(bits: bits))
    }
}
