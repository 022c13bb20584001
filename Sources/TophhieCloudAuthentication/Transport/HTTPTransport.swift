import Foundation

/// An HTTP request as the framework sends it: always a form-encoded `POST` for native auth.
public struct HTTPRequest: Sendable {
    /// The full URL; for native auth, the authority plus the endpoint path.
    public var url: URL
    /// The HTTP method; `POST` by default.
    public var method: String
    /// Header fields, names as given.
    public var headers: [String: String]
    /// The body bytes; for native auth, a form-encoded body.
    public var body: Data
    /// Seconds before the request is abandoned.
    public var timeout: TimeInterval

    /// Memberwise; defaults: `POST`, no headers, an empty body, a 30-second timeout.
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
    /// HTTP status code, any value (the validator decides what it means).
    public var status: Int
    /// Header fields, names as the server sent them; look them up with `ResponseValidator.header(_:in:)`.
    public var headers: [String: String]
    /// The raw body bytes.
    public var body: Data

    /// Memberwise; defaults: no headers, an empty body.
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
    /// No answer within the request's `timeout`.
    case timedOut
    /// The request was cancelled; the client turns this into `CancellationError`.
    case cancelled
    /// Any other failure, with its description.
    case other(String)
}

/// Sends HTTP requests. Injectable so tests can script the server; the default is `URLSessionTransport`.
///
/// - Throws: `TransportFailure` when no HTTP answer arrived.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the HTTP answer, whatever its status.
    /// - Throws: `TransportFailure` when no answer arrived.
    func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse
}
