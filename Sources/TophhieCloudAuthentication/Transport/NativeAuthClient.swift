import Foundation

/// Sends one native-auth call: builds the request, retries as MSAL does, reports the exchange to the
/// observer (redacted) and validates the answer.
///
/// Retries: one retry 0.5 s after a 5xx or a lost connection (MSAL IdentityCore); a 429 or 503 with a
/// `Retry-After` of at most `maxRetryAfter` seconds is retried once after that wait (``retryDelay(status:retryAfter:longest:)``,
/// also the rule of the refresh a Graph call needs).
/// Source: docs/protocol.md §N1.3.
struct NativeAuthClient: Sendable {
    let authority: Authority
    let transport: any HTTPTransport
    let observer: ExchangeObserver?
    let sleeper: Sleeper
    let timeout: TimeInterval
    let maxRetryAfter: Int

    /// Calls `endpoint` with `form`.
    /// - Throws: `NativeAuthError.networkFailure` when no answer arrived after the retry;
    ///   `CancellationError` when the task was cancelled.
    func call(_ endpoint: NativeAuthEndpoint, _ form: FormBody) async throws -> ValidatedResponse {
        let request = HTTPRequest(
            url: endpointURL(endpoint), headers: Self.headers(), body: form.encoded, timeout: timeout)
        let grantType = form[.grantType].map(GrantType.init(wireValue:))
        var attempt = 1
        while true {
            try Task.checkCancellation()
            let started = (wall: Date(), monotonic: ContinuousClock.now)
            do {
                let response = try await transport.send(request)
                let received = Date()
                observe(request, endpoint, started, response: response, failure: nil, attempt: attempt)
                if attempt == 1, let wait = retryDelay(for: response, now: received) {
                    attempt += 1
                    try await sleeper(wait)
                    continue
                }
                return ResponseValidator.validate(
                    endpoint: endpoint, grantType: grantType, status: response.status,
                    headers: response.headers, body: response.body, now: received)
            } catch let failure as TransportFailure {
                observe(request, endpoint, started, response: nil, failure: "\(failure)", attempt: attempt)
                if failure == .cancelled { throw CancellationError() }
                if attempt == 1, case .connectionLost = failure {
                    attempt += 1
                    try await sleeper(0.5)
                    continue
                }
                throw NativeAuthError.networkFailure(Self.describe(failure, host: authority.base.host ?? ""))
            }
        }
    }

    /// The authority's path + the endpoint's path, then the authority's query (docs/protocol.md §N1.1, field case 025 (docs/field-cases.md)).
    func endpointURL(_ endpoint: NativeAuthEndpoint) -> URL {
        authority.endpoint(endpoint.path)
    }

    private func retryDelay(for response: HTTPResponse, now: Date) -> Double? {
        Self.retryDelay(status: response.status, retryAfter: RetryAfter.seconds(in: response.headers, now: now), longest: maxRetryAfter)
    }

    /// The longest `Retry-After` (seconds) waited out before the one retry; a longer one ends the call, for the
    /// caller to say.
    static let longestRetryAfter = 10

    /// Seconds to wait before the one retry of an answer with `status` and `Retry-After` `retryAfter` (seconds, when
    /// sent); nil when it is not retried. A 429 or 503 whose `Retry-After` is at most `longest` waits that long; any
    /// other 5xx waits 0.5 s (MSAL IdentityCore); a 429 without a usable `Retry-After` is not retried.
    static func retryDelay(status: Int, retryAfter: Int?, longest: Int) -> Double? {
        switch (status, retryAfter) {
        case (429, let seconds?) where seconds <= longest, (503, let seconds?) where seconds <= longest: Double(seconds)
        case (500...599, _): 0.5
        default: nil
        }
    }

    private func observe(
        _ request: HTTPRequest, _ endpoint: NativeAuthEndpoint, _ started: (wall: Date, monotonic: ContinuousClock.Instant),
        response: HTTPResponse?, failure: String?, attempt: Int
    ) {
        guard let observer else { return }
        observer(ObservedExchange(
            startedAt: started.wall, duration: ObservedExchange.seconds(since: started.monotonic), request: request, endpoint: endpoint,
            response: response, failure: failure, attempt: attempt))
    }

    /// The headers of every form POST, MSAL's: a fresh `client-request-id` and the SKU and OS.
    static func headers() -> [String: String] {
        [
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept": "application/json",
            "client-request-id": UUID().uuidString.lowercased(),
            "return-client-request-id": "true",
            "x-client-SKU": "TophhieCloudAuthentication.Linux",
            "x-client-OS": "Linux",
        ]
    }

    /// A sentence for a request that got no answer from `host`.
    static func describe(_ failure: TransportFailure, host: String) -> String {
        failure.sentence(host: host)
    }
}
