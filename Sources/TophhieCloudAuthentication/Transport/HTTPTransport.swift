import Foundation

/// An HTTP request as the framework sends it: always a form-encoded `POST` for native auth.
public struct HTTPRequest: Sendable {
    public var url: URL
    public var method: String
    public var headers: [String: String]
    public var body: Data
    /// Seconds before the request is abandoned.
    public var timeout: TimeInterval

    public init(url: URL, method: String = "POST", headers: [String: String] = [:], body: Data = Data(), timeout: TimeInterval = 30) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// An HTTP response: status, headers (names as sent) and the raw body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why a request got no HTTP answer at all.
public enum TransportFailure: Error, Sendable, Equatable {
    /// The connection was reset or lost mid-request; worth one retry.
    case connectionLost(String)
    /// The host could not be reached (refused, DNS, no route).
    case unreachable(String)
    case timedOut
    case cancelled
    case other(String)
}

/// Sends HTTP requests. Injectable so tests can script the server; the default is `URLSessionTransport`.
///
/// - Throws: `TransportFailure` when no HTTP answer arrived.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse
}
