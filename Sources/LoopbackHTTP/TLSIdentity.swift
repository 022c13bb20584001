/// The certificate and private key an `HTTPDaemon` serves HTTPS with, both PEM text.
///
/// Kept in memory: libmicrohttpd (GnuTLS) reads them from memory, so the key never needs to be on disk.
public struct TLSIdentity: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The certificate chain, leaf first: `-----BEGIN CERTIFICATE-----` blocks.
    public var certificatePEM: String
    /// The leaf's private key: a `-----BEGIN PRIVATE KEY-----` (PKCS#8), RSA or EC block.
    public var privateKeyPEM: String

    /// Memberwise.
    public init(certificatePEM: String, privateKeyPEM: String) {
        self.certificatePEM = certificatePEM
        self.privateKeyPEM = privateKeyPEM
    }

    /// The certificate only: the private key shows as `[REDACTED]`, so printing an identity leaks no key.
    public var description: String { "TLSIdentity(certificatePEM: \(certificatePEM.count) characters, privateKeyPEM: [REDACTED])" }

    /// Same as `description`.
    public var debugDescription: String { description }

    /// `dump` and debuggers see the certificate, never the key.
    public var customMirror: Mirror { Mirror(self, children: ["certificatePEM": certificatePEM, "privateKeyPEM": "[REDACTED]"]) }
}
