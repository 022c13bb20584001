import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport over `URLSession`, created on first use so start-up does not pay for it.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// An ephemeral session with no cookie storage and no cache.
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    /// Sends over `URLSession`; any status is an answer.
    /// - Throws: `TransportFailure`, mapped from `URLError` (lost, unreachable, timed out, cancelled, other).
    public func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        do {
            let (data, response) = try await session.data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else { throw TransportFailure.other("not an HTTP response") }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String { headers[name] = "\(value)" }
            }
            return HTTPResponse(status: http.statusCode, headers: headers, body: data)
        } catch let failure as TransportFailure {
            throw failure
        } catch let error as URLError {
            throw Self.failure(for: error)
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .other(error.localizedDescription)
        }
    }

    private static func failure(for error: URLError) -> TransportFailure {
        switch error.code {
        case .networkConnectionLost: .connectionLost(error.localizedDescription)
        case .timedOut: .timedOut
        case .cancelled: .cancelled
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            .unreachable(error.localizedDescription)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasUnknownRoot, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .clientCertificateRejected:
            .other("TLS: \(error.localizedDescription). A server with a private CA (the emulator's --tls) needs that CA: "
                   + "--ca-file FILE, or configure(caFile:).")
        default: .other(error.localizedDescription)
        }
    }
}
