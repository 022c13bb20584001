/// One HTTP request as the daemon received it, complete with its body.
public struct LoopbackRequest: Sendable {
    /// The method as sent, e.g. `GET`, `POST`.
    public var method: String
    /// The path without the query, percent-decoded by libmicrohttpd, e.g. `/callback`.
    public var path: String
    /// Query arguments, decoded; a name given twice keeps the last value.
    public var query: [String: String]
    /// Header fields, names in lower case; a name given twice keeps the last value.
    public var headers: [String: String]
    /// The body bytes (at most 1 MiB: the daemon stops reading longer bodies and drops the connection).
    public var body: [UInt8]
    /// Whether the request arrived over TLS (the daemon was started with `tls`).
    public var isSecure: Bool

    /// Memberwise; defaults: no query, no headers, an empty body, plain HTTP.
    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                body: [UInt8] = [], isSecure: Bool = false) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.isSecure = isSecure
    }
}
