import CCrypto
import Foundation

/// An RSA-2048 key that signs JWTs with RS256 (OpenSSL libcrypto) and publishes itself as a JWK.
///
/// Owns its `EVP_PKEY` and frees it in `deinit`. The key is generated at start, or read back from the data
/// file (DER) so tokens stay verifiable across restarts. Source: issue 3 ("Tokens"), RFC 7518 §3.3 / §6.3.
final class RSASigningKey: @unchecked Sendable {
    // @unchecked: the EVP_PKEY is never mutated after creation; OpenSSL 3 allows concurrent signing with it.
    private let key: OpaquePointer
    /// The `kid` in JWT headers and the JWKS: a thumbprint-like digest of the modulus.
    let keyID: String

    enum Failure: Error { case generate, decode, sign }

    /// Generates a fresh key.
    convenience init() throws {
        guard let key = ccrypto_rsa_generate(2048) else { throw Failure.generate }
        self.init(owning: key)
    }

    /// Reads a key from its DER (PKCS#1 or PKCS#8) form.
    convenience init(der: Data) throws {
        let bytes = [UInt8](der)
        let key: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_AutoPrivateKey(nil, &cursor, buffer.count)
        }
        guard let key else { throw Failure.decode }
        self.init(owning: key)
    }

    private init(owning key: OpaquePointer) {
        self.key = key
        let modulus = Self.bigNumber(key, OSSL_PKEY_PARAM_RSA_N)
        keyID = String(SHA256Digest.hex(Base64URL.encode(modulus)).prefix(27))
    }

    deinit { EVP_PKEY_free(key) }

    /// The private key as DER, for the data file.
    var der: Data {
        var pointer: UnsafeMutablePointer<UInt8>?
        let length = i2d_PrivateKey(key, &pointer)
        guard length > 0, let pointer else { return Data() }
        defer { CRYPTO_free(pointer, #fileID, #line) }
        return Data(bytes: pointer, count: Int(length))
    }

    /// The public key as a JWK (`kty`, `use`, `alg`, `kid`, `n`, `e`).
    var jwk: [String: String] {
        ["kty": "RSA", "use": "sig", "alg": "RS256", "kid": keyID,
         "n": Base64URL.encode(Self.bigNumber(key, OSSL_PKEY_PARAM_RSA_N)),
         "e": Base64URL.encode(Self.bigNumber(key, OSSL_PKEY_PARAM_RSA_E))]
    }

    /// RS256 signature (RSASSA-PKCS1-v1_5 with SHA-256) over `message`.
    func sign(_ message: [UInt8]) throws -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw Failure.sign }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else { throw Failure.sign }
        var length = 0
        guard message.withUnsafeBufferPointer({ EVP_DigestSign(context, nil, &length, $0.baseAddress, $0.count) }) == 1
        else { throw Failure.sign }
        var signature = [UInt8](repeating: 0, count: length)
        let status = message.withUnsafeBufferPointer { input in
            signature.withUnsafeMutableBufferPointer { output in
                EVP_DigestSign(context, output.baseAddress, &length, input.baseAddress, input.count)
            }
        }
        guard status == 1 else { throw Failure.sign }
        return Array(signature.prefix(length))
    }

    /// Verifies an RS256 signature (used by tests and the JWKS round trip).
    func verify(_ signature: [UInt8], over message: [UInt8]) -> Bool {
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
        return signature.withUnsafeBufferPointer { sig in
            message.withUnsafeBufferPointer { msg in
                EVP_DigestVerify(context, sig.baseAddress, sig.count, msg.baseAddress, msg.count)
            }
        } == 1
    }

    private static func bigNumber(_ key: OpaquePointer, _ name: String) -> [UInt8] {
        var number: OpaquePointer?
        guard EVP_PKEY_get_bn_param(key, name, &number) == 1, let number else { return [] }
        defer { BN_free(number) }
        let count = (BN_num_bits(number) + 7) / 8
        var bytes = [UInt8](repeating: 0, count: Int(count))
        _ = bytes.withUnsafeMutableBufferPointer { BN_bn2bin(number, $0.baseAddress) }
        return bytes
    }
}
