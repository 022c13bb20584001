import Foundation
import OffPool

/// A transport over libcurl (OpenSSL) that can trust a private CA in addition to the system's.
///
/// FoundationNetworking's `URLSession` on Linux cannot be told to trust another CA; this transport can.
/// TLS verification is always on (peer and host name). Redirects are never followed: a 302 is an answer,
/// with the headers of that response. Each request runs `curl_easy_perform` on a Dispatch global queue
/// thread, never on the cooperative pool.
/// ```swift
/// let transport = try CurlTransport(caFile: "/etc/tophhie/private-ca.pem")
/// let auth = TophhieNativeAuth(configuration: configuration, transport: transport)
/// ```
/// - Important: trust is *added*: the CA file is libcurl's `CURLOPT_CAINFO` while its compiled-in
///   `CURLOPT_CAPATH` (Debian: `/etc/ssl/certs`) stays, and OpenSSL accepts a chain ending at either.
public final class CurlTransport: HTTPTransport {
    /// The PEM file of extra CA certificates, as given; `nil` when only the system's CAs are trusted.
    public let caFile: String?
    /// A hashed certificate folder replacing libcurl's compiled-in one (tests); `nil` keeps it.
    let caPath: String?

    /// Creates the transport and checks the CA file once.
    /// - Parameter caFile: a PEM file of one or more CA certificates (`-----BEGIN CERTIFICATE-----`) to trust
    ///   in addition to the system's; `nil` trusts the system's CAs only (libcurl's compiled-in bundle).
    /// - Throws: `TransportConfigurationError` when the file cannot be read or holds no PEM certificate.
    public convenience init(caFile: String?) throws(TransportConfigurationError) {
        try self.init(caFile: caFile, caPath: nil)
    }

    init(caFile: String?, caPath: String?) throws(TransportConfigurationError) {
        if let caFile { try Self.validate(caFile: caFile) }
        self.caFile = caFile
        self.caPath = caPath
    }

    /// Sends `request`; any status is an answer (redirects are not followed).
    ///
    /// Timeouts: `request.timeout` seconds for the whole exchange (and for the connection). Task
    /// cancellation aborts the transfer within about a second.
    /// - Throws: `TransportFailure`: `.unreachable` (refused, unknown host), `.timedOut`, `.cancelled`,
    ///   `.connectionLost` (reset, nothing received), `.other("TLS: …")` for certificate and handshake failures
    ///   (the message says how to trust a private CA), `.other` for the rest, with libcurl's message.
    public func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
        let transfer = try CurlTransfer(request, caFile: caFile, caPath: caPath)
        return try await OffPoolWork.run(onCancel: transfer.cancel) { () throws(TransportFailure) in try transfer.perform().get() }
    }

    /// Reads the file and looks for a PEM certificate block.
    static func validate(caFile: String) throws(TransportConfigurationError) {
        let contents: Data
        do {
            contents = try Data(contentsOf: URL(fileURLWithPath: caFile))
        } catch {
            let reason = FileManager.default.fileExists(atPath: caFile) ? "permission denied or not a regular file" : "no such file"
            throw .unreadableCAFile(path: caFile, reason: reason)
        }
        let text = String(decoding: contents, as: UTF8.self)
        guard let begin = text.range(of: "-----BEGIN CERTIFICATE-----"),
              text.range(of: "-----END CERTIFICATE-----", range: begin.upperBound..<text.endIndex) != nil else {
            throw .notPEM(path: caFile)
        }
    }
}
