/// What the server said about an error, for operators: its `error`, `suberror`, first AADSTS code,
/// description, trace and correlation ids, and the HTTP status.
///
/// Source: docs/protocol.md §N1.7 (error envelope).
public struct ServerDetails: Sendable, Equatable, CustomStringConvertible {
    /// `error`, e.g. `invalid_grant`; nil when the answer carried no error envelope (a local error, a 429
    /// without a body, a proxy's HTML error page).
    public var error: String?
    /// `suberror`, e.g. `invalid_oob_value`, when sent.
    public var suberror: String?
    /// The first element of `error_codes`.
    public var code: Int?
    /// `error_description`, usually starting `AADSTSnnnnnn:`; for operators, not end users.
    public var errorDescription: String?
    /// `trace_id`, a GUID string.
    public var traceID: String?
    /// `correlation_id` from the body, else the `client-request-id` response header.
    public var correlationID: String?
    /// HTTP status; nil when there was no server answer.
    public var status: Int?

    /// Memberwise; every field is optional (`local` leaves them all nil).
    public init(
        error: String? = nil, suberror: String? = nil, code: Int? = nil, errorDescription: String? = nil,
        traceID: String? = nil, correlationID: String? = nil, status: Int? = nil
    ) {
        self.error = error
        self.suberror = suberror
        self.code = code
        self.errorDescription = errorDescription
        self.traceID = traceID
        self.correlationID = correlationID
        self.status = status
    }

    /// Details of an error detected on this side, before or without a server answer.
    public static let local = ServerDetails()

    init(_ serverError: ServerError) {
        let envelope = serverError.envelope
        self.init(
            error: envelope?.error.wireValue, suberror: envelope?.suberror?.wireValue, code: envelope?.firstCode,
            errorDescription: envelope?.errorDescription, traceID: envelope?.traceID,
            correlationID: serverError.correlationID, status: serverError.status)
    }

    /// One line: `HTTP 400 · invalid_grant/invalid_oob_value · AADSTS50181 · description · trace id … · correlation id …`
    /// (each part only when known).
    public var description: String {
        var parts: [String] = []
        if let status { parts.append("HTTP \(status)") }
        if let error { parts.append(suberror.map { "\(error)/\($0)" } ?? error) }
        if let code { parts.append("AADSTS\(code)") }
        if let errorDescription {
            let firstLine = errorDescription.split(whereSeparator: \.isNewline).first.map(String.init) ?? errorDescription
            parts.append(firstLine)
        }
        if let traceID { parts.append("trace id \(traceID)") }
        if let correlationID { parts.append("correlation id \(correlationID)") }
        return parts.isEmpty ? "no server answer" : parts.joined(separator: " · ")
    }
}
