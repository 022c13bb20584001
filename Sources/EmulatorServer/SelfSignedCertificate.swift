import CCrypto
import LoopbackHTTP
import Secrets

/// A self-signed certificate for `127.0.0.1` and `localhost`, generated in memory at start (OpenSSL libcrypto).
///
/// EC P-256 key; X.509 v3; subject and issuer `CN=Tophhie emulator, OU=instance <16 hex digits>` (unique per
/// certificate); subjectAltName `IP:127.0.0.1`,
/// `DNS:localhost` (and the bound address when it is another IPv4 address); basicConstraints `CA:TRUE` (critical) so the same PEM is the CA file a client trusts;
/// keyUsage `digitalSignature, keyCertSign` (critical); a random 63-bit serial; valid from an hour ago
/// (clock skew) for 30 days; signed with ECDSA-SHA256. Key and certificate stay in memory as PEM: the key
/// is never written anywhere.
struct SelfSignedCertificate: Sendable {
    /// The certificate as one `-----BEGIN CERTIFICATE-----` block.
    let certificatePEM: String
    /// The PKCS#8 private key as one `-----BEGIN PRIVATE KEY-----` block.
    let privateKeyPEM: Secret

    /// The subject and issuer common name.
    static let commonName = "Tophhie emulator"
    /// The names a client may connect with: loopback by address and name, and `host` when it is another
    /// IPv4 address (`--host 127.0.0.2`); `0.0.0.0` (every address) adds nothing.
    static func subjectAltNames(host: String) -> String {
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        let isIPv4 = octets.count == 4 && octets.allSatisfy { UInt8($0) != nil }
        return "IP:127.0.0.1,DNS:localhost" + (isIPv4 && host != "127.0.0.1" && host != "0.0.0.0" ? ",IP:\(host)" : "")
    }
    /// Validity before and after now, in seconds.
    static let backdating = 3600
    static let lifetime = 30 * 24 * 3600

    /// Why generation failed: names the OpenSSL step.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The identity the daemon serves HTTPS with.
    var identity: TLSIdentity { TLSIdentity(certificatePEM: certificatePEM, privateKeyPEM: privateKeyPEM) }

    /// Generates a key and a certificate.
    /// - Parameter host: the IPv4 address the server binds, added to the names when not loopback's.
    /// - Throws: `Failure` naming the OpenSSL step that failed.
    static func generate(host: String = "127.0.0.1") throws(Failure) -> SelfSignedCertificate {
        guard let key = ccrypto_ec_p256_generate() else { throw Failure(description: "cannot generate the TLS key (EC P-256)") }
        defer { EVP_PKEY_free(key) }
        guard let certificate = X509_new() else { throw Failure(description: "cannot allocate the certificate") }
        defer { X509_free(certificate) }
        try check(X509_set_version(certificate, 2), "version")  // 2 means v3
        try check(setRandomSerial(certificate), "serial")
        try check(X509_gmtime_adj(X509_getm_notBefore(certificate), -backdating) != nil ? 1 : 0, "notBefore")
        try check(X509_gmtime_adj(X509_getm_notAfter(certificate), lifetime) != nil ? 1 : 0, "notAfter")
        try check(X509_set_pubkey(certificate, key), "public key")
        guard let name = X509_get_subject_name(certificate) else { throw Failure(description: "cannot read the subject name") }
        try check(X509_NAME_add_entry_by_txt(name, "CN", ccrypto_mbstring_asc(), commonName, -1, -1, 0), "subject")
        // A distinct name per certificate: OpenSSL finds issuers by subject name and stops at the first cached
        // match, so two emulators' certificates with one name would shadow each other in a client's trust.
        try check(X509_NAME_add_entry_by_txt(name, "OU", ccrypto_mbstring_asc(), "instance \(try instanceTag())", -1, -1, 0), "subject")
        try check(X509_set_issuer_name(certificate, name), "issuer")
        var context = X509V3_CTX()
        ccrypto_x509v3_context(&context, certificate, certificate)
        for (nid, value) in [(NID_basic_constraints, "critical,CA:TRUE"), (NID_key_usage, "critical,digitalSignature,keyCertSign"),
                             (NID_subject_key_identifier, "hash"), (NID_subject_alt_name, subjectAltNames(host: host))] {
            guard let extensionValue = X509V3_EXT_conf_nid(nil, &context, nid, value) else {
                throw Failure(description: "cannot build the certificate extension \(value)")
            }
            defer { X509_EXTENSION_free(extensionValue) }
            try check(X509_add_ext(certificate, extensionValue, -1), "extension \(value)")
        }
        guard X509_sign(certificate, key, EVP_sha256()) > 0 else { throw Failure(description: "cannot sign the certificate") }
        let certificatePEM = try pem("certificate") { PEM_write_bio_X509($0, certificate) }
        let keyPEM = try pem("private key") { PEM_write_bio_PrivateKey($0, key, nil, nil, 0, nil, nil) }
        return SelfSignedCertificate(certificatePEM: certificatePEM, privateKeyPEM: Secret(keyPEM))
    }

    /// 16 random hex digits that tell this certificate's name from every other emulator's.
    private static func instanceTag() throws(Failure) -> String {
        var bytes = [UInt8](repeating: 0, count: 8)
        guard RAND_bytes(&bytes, Int32(bytes.count)) == 1 else { throw Failure(description: "cannot draw random bytes (OpenSSL)") }
        return bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    private static func check(_ status: Int32, _ step: String) throws(Failure) {
        guard status == 1 else { throw Failure(description: "cannot set the certificate's \(step) (OpenSSL)") }
    }

    /// A positive random serial under 2^63 (RFC 5280 §4.1.2.2: unique per issuer, at most 20 octets).
    private static func setRandomSerial(_ certificate: OpaquePointer) -> Int32 {
        guard let number = BN_new() else { return 0 }
        defer { BN_free(number) }
        guard BN_rand(number, 63, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) == 1,
              BN_to_ASN1_INTEGER(number, X509_get_serialNumber(certificate)) != nil else { return 0 }
        return 1
    }

    /// Runs `write` into a memory BIO and returns what it wrote as text.
    private static func pem(_ what: String, _ write: (OpaquePointer) -> Int32) throws(Failure) -> String {
        guard let bio = BIO_new(BIO_s_mem()) else { throw Failure(description: "cannot allocate a buffer for the \(what)") }
        defer { BIO_free(bio) }
        guard write(bio) == 1 else { throw Failure(description: "cannot PEM-encode the \(what)") }
        var data: UnsafeMutablePointer<CChar>?
        let count = ccrypto_bio_contents(bio, &data)
        guard count > 0, let data else { throw Failure(description: "the \(what) PEM is empty") }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
    }
}
