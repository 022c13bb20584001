/// Why a transport could not be set up as asked (found before any request is sent).
public enum TransportConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The CA file at `path` cannot be read; `reason` says why (missing, permissions).
    case unreadableCAFile(path: String, reason: String)
    /// The CA file at `path` holds no `-----BEGIN CERTIFICATE-----` … `-----END CERTIFICATE-----` block.
    case notPEM(path: String)

    /// One sentence naming the file and what to do.
    public var description: String {
        switch self {
        case .unreadableCAFile(let path, let reason):
            "cannot read the CA file \(path): \(reason)"
        case .notPEM(let path):
            "the CA file \(path) is not a PEM certificate (expected a -----BEGIN CERTIFICATE----- block; convert DER with `openssl x509 -inform der -in FILE -out FILE.pem`)"
        }
    }
}
