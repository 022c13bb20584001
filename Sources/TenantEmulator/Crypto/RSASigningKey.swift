import CCrypto
import Foundation
import NativeAuthWire

/// An RSA key (2048 bits unless a benchmark states less) that signs JWTs with RS256 (OpenSSL libcrypto) and publishes itself as a JWK.
///
/// Owns its `EVP_PKEY` and frees it in `deinit`. The key is generated at start, or read back from the data
/// file (DER) so tokens stay verifiable across restarts. Source: issue 3 ("Tokens"), RFC 7518 §3.3 / §6.3.
final class RSASigningKey: @unchecked Sendable {
    // @unchecked: the EVP_PKEY and the signing template are never mutated after creation; OpenSSL 3 allows
    // concurrent signing with the key and concurrent EVP_MD_CTX_copy_ex from one source context.
    private let key: OpaquePointer
    /// An EVP_MD_CTX initialised once for RS256 with `key`; only ever copied from (read), never used directly.
    private let signingTemplate: OpaquePointer
    /// The modulus size in bytes: the length of every signature.
    private let signatureLength: Int
    /// The modulus size of generated keys (RS256 as Entra issues it).
    static let defaultBits = 2048
    /// The `kid` in JWT headers and the JWKS: a thumbprint-like digest of the modulus.
    let keyID: String

    enum Failure: Error { case generate, decode, sign }

    /// Generates a fresh key.
    convenience init(bits: Int = RSASigningKey.defaultBits) throws {
        guard let key = ccrypto_rsa_generate(UInt32(clamping: bits)) else { throw Failure.generate }
        try self.init(owning: key)
    }

    /// Reads a key from its DER (PKCS#1 or PKCS#8) form.
    convenience init(der: Data) throws {
        let bytes = [UInt8](der)
        let key: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_AutoPrivateKey(nil, &cursor, buffer.count)
        }
        guard let key else { throw Failure.decode }
        try self.init(owning: key)
    }

    private init(owning key: OpaquePointer) throws {
        self.key = key
        let modulus = Self.bigNumber(key, OSSL_PKEY_PARAM_RSA_N)
        keyID = String(SHA256Digest.hex(Base64URL.encode(modulus)).prefix(27))
        guard let template = EVP_MD_CTX_new() else {
            EVP_PKEY_free(key)
            throw Failure.sign
        }
        guard EVP_DigestSignInit(template, nil, EVP_sha256(), nil, key) == 1 else {
            EVP_MD_CTX_free(template)
            EVP_PKEY_free(key)
            throw Failure.sign
        }
        signingTemplate = template
        signatureLength = Int(EVP_PKEY_get_size(key))
    }

    deinit {
        EVP_MD_CTX_free(signingTemplate)
        EVP_PKEY_free(key)
    }

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
        // Copying the context prepared once is far cheaper than EVP_DigestSignInit (algorithm fetch, key
        // setup) on every token; FINALISE lets the one-shot sign finish in place instead of duplicating again.
        guard let context = EVP_MD_CTX_new() else { throw Failure.sign }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_MD_CTX_copy_ex(context, signingTemplate) == 1 else { throw Failure.sign }
        EVP_MD_CTX_set_flags(context, Int32(EVP_MD_CTX_FLAG_FINALISE))
        var signature = [UInt8](repeating: 0, count: signatureLength)
        var length = signatureLength
        let status = message.withUnsafeBufferPointer { input in
            signature.withUnsafeMutableBufferPointer { output in
                EVP_DigestSign(context, output.baseAddress, &length, input.baseAddress, input.count)
            }
        }
        guard status == 1 else { throw Failure.sign }
        return length == signature.count ? signature : Array(signature.prefix(length))
    }

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
