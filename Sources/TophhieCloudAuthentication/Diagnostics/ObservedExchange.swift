import Foundation

/// One HTTP exchange as an observer sees it, with every secret already replaced by
/// `Secret.marker` (`<redacted>`).
///
/// Redacted: form fields `password`, `new_password`, `oob`, `continuation_token`, `refresh_token`, and
/// JSON fields `continuation_token`, `access_token`, `refresh_token`, `id_token`, `client_info` (at any
/// depth), and the credential of an `Authorization` request header (`Bearer <redacted>`, the Graph
/// calls). Redaction happens inside the framework, so no caller can forget it.
public struct ObservedExchange: Sendable, Identifiable {
    /// Unique per exchange; a retry is an exchange of its own.
    public let id: UUID
    /// When the request was sent.
    public let startedAt: Date
    /// Seconds from sending the request to the answer (or the failure), on the monotonic clock: never negative,
    /// whatever the wall clock does meanwhile (`startedAt` is the wall clock's, for timestamps only).
    public let duration: TimeInterval
    /// The HTTP method; `POST` for native auth.
    public let method: String
    /// The full request URL: the authority plus the endpoint path.
    public let url: URL
    /// The endpoint, when the path is a native-auth endpoint.
    public let endpoint: NativeAuthEndpoint?
    /// Request headers as sent, except `Authorization`, whose credential is redacted: `Bearer <redacted>`.
    public let requestHeaders: [String: String]
    /// Form parameters in the order sent, secrets redacted; empty for a JSON body (see `requestBody`).
    public let requestForm: [(key: String, value: String)]
    /// A JSON request body (Graph `PATCH /me`) as text, secrets redacted; empty for form bodies and GETs.
    public let requestBody: String
    /// HTTP status; `nil` when no answer arrived.
    public let status: Int?
    /// Response headers; empty when no answer arrived.
    public let responseHeaders: [String: String]
    /// The answer's body as text, secrets redacted.
    public let responseBody: String
    /// `error` of an OAuth error answer, or `error.code` of a Graph error answer
    /// (e.g. `Authorization_RequestDenied`).
    public let error: String?
    /// `suberror` of an error answer; nil otherwise.
    public let suberror: String?
    /// The first AADSTS number (`error_codes[0]`) of an error answer; nil otherwise.
    public let errorCode: Int?
    /// Why no answer arrived (network failure), if so.
    public let failure: String?
    /// 1 for the first attempt, 2 for the retry.
    public let attempt: Int

    /// An exchange made outside `TophhieNativeAuth` and `TophhieAuth` (the console's doctor probes), redacted
    /// by the same rules, so `--debug` and a HAR show it as they show every other.
    /// - Parameters:
    ///   - startedAt: when the request was sent; `duration`: seconds until the answer or the failure.
    ///   - response: nil when no answer arrived; `failure` then says why.
    public init(startedAt: Date, duration: TimeInterval, request: HTTPRequest, response: HTTPResponse?, failure: String?) {
        self.init(startedAt: startedAt, duration: duration, request: request, endpoint: nil, response: response, failure: failure, attempt: 1)
    }

    init(
        id: UUID = UUID(), startedAt: Date, duration: TimeInterval, request: HTTPRequest, endpoint: NativeAuthEndpoint?,
        response: HTTPResponse?, failure: String?, attempt: Int
    ) {
        self.id = id
        self.startedAt = startedAt
        self.duration = duration.isFinite ? max(0, duration) : 0
        method = request.method
        url = request.url
        self.endpoint = endpoint
        requestHeaders = Redaction.headers(request.headers)
        let isJSON = request.headers.contains { $0.key.lowercased() == "content-type" && $0.value.lowercased().contains("json") }
        requestForm = isJSON ? [] : Redaction.form(FormBody(decoding: request.body))
        requestBody = isJSON ? Redaction.body(request.body) : ""
        status = response?.status
        responseHeaders = response?.headers ?? [:]
        responseBody = response.map { Redaction.body($0.body) } ?? ""
        let envelope = response.flatMap { try? JSONDecoder().decode(ErrorEnvelope.self, from: $0.body) }
        error = envelope?.error.wireValue ?? response.flatMap { GraphErrorEnvelope(json: $0.body)?.code }
        suberror = envelope?.suberror?.wireValue
        errorCode = envelope?.firstCode
        self.failure = failure
        self.attempt = attempt
    }
}

/// Receives every exchange of a `TophhieNativeAuth` instance, on the task that made it.
public typealias ExchangeObserver = @Sendable (ObservedExchange) -> Void

extension ObservedExchange {
    /// Seconds elapsed on the monotonic clock since `start`: durations never come from wall-clock differences,
    /// which go negative when the clock is stepped back (field case 034).
    static func seconds(since start: ContinuousClock.Instant) -> TimeInterval {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
