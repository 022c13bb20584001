/// The answer a responder gives: status, header fields and body bytes.
public struct LoopbackResponse: Sendable {
    /// HTTP status code, e.g. 200 or 302 (the daemon sends it as given).
    public var status: Int
    /// Header fields to add, names as given (libmicrohttpd adds `Content-Length` and `Date` itself).
    public var headers: [String: String]
    /// The body bytes.
    public var body: [UInt8]

    /// Memberwise; defaults: no headers, an empty body.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
