/// What Graph said about an error, for operators: HTTP status, `error.code`, `error.message` and the
/// ids to quote to support. Never holds a token.
///
/// Shape read: `{"error":{"code":"…","message":"…","innerError":{"date":"…","request-id":"…","client-request-id":"…"}}}`;
/// the ids fall back to the `request-id`/`client-request-id` response headers (then to the
/// `client-request-id` this side sent), the date to the `Date` header.
/// Source: docs/protocol.md §I5.3, trap T18.
public struct GraphErrorDetails: Sendable, Equatable, CustomStringConvertible {
    /// HTTP status; nil when there was no answer.
    public var status: Int?
    /// `error.code`, e.g. `Authorization_RequestDenied`; branch on it (and the status), never on `message`.
    public var code: String?
    /// `error.message`, e.g. "Insufficient privileges to complete the operation."
    public var message: String?
    /// `innerError.request-id`.
    public var requestID: String?
    /// `innerError.client-request-id`: the id this side sent.
    public var clientRequestID: String?
    /// `innerError.date`, as sent (no zone suffix).
    public var date: String?

    /// Memberwise; every field optional.
    public init(status: Int? = nil, code: String? = nil, message: String? = nil, requestID: String? = nil,
                clientRequestID: String? = nil, date: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.requestID = requestID
        self.clientRequestID = clientRequestID
        self.date = date
    }

    /// One line: `HTTP 403 · Authorization_RequestDenied · Insufficient privileges… · request id … · client request id …`.
    public var description: String {
        var parts: [String] = []
        if let status { parts.append("HTTP \(status)") }
        if let code { parts.append(code) }
        if let message {
            parts.append(message.split(whereSeparator: \.isNewline).first.map(String.init) ?? message)
        }
        if let requestID { parts.append("request id \(requestID)") }
        if let clientRequestID { parts.append("client request id \(clientRequestID)") }
        if let date { parts.append("at \(date)") }
        return parts.isEmpty ? "no Graph answer" : parts.joined(separator: " · ")
    }
}
