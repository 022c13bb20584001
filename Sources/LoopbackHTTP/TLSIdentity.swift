/// The certificate and private key an `HTTPDaemon` serves HTTPS with, both PEM text.
///
/// Kept in memory: libmicrohttpd (GnuTLS) reads them from memory, so the key never needs to be on disk.
import Secrets

/// The private key is a ``Secret``: printing an identity leaks no key.
public struct TLSIdentity: Sendable {
    /// The certificate chain, leaf first: `-----BEGIN CERTIFICATE-----` blocks.
    public var certificatePEM: String
    /// The leaf's private key: a `-----BEGIN PRIVATE KEY-----` (PKCS#8), RSA or EC block.
    public var privateKeyPEM: Secret

    /// Memberwise.
    public init(certificatePEM: String, privateKeyPEM: Secret) {
        self.certificatePEM = certificatePEM
        self.privateKeyPEM = privateKeyPEM
    }
}
