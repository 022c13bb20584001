import Foundation
import NativeAuthWire

/// One Graph call of `TophhieAuth`: sends `Authorization: Bearer <token>` and a `client-request-id` (the
/// same on every retry of the call), asks for one forced silent refresh and retries once on 401, and
/// waits out 429/503 (`Retry-After` seconds, else 2, 4, 8 s) at most 3 times; a refresh the token service
/// throttles is tried once more after its `Retry-After`, as native auth does.
///
/// Error answers become `GraphError` by status and `error.code` (never by message).
/// Source: docs/protocol.md §I5.3 (errors, throttling), §I6.3 (licence gate), trap T18; field cases 021–022 (docs/field-cases.md).
struct GraphCall: Sendable {
    let auth: TophhieAuth
    let session: InteractiveSession
    /// The resource scopes the token is asked for (`User.Read`, `User.ReadWrite`, `AuditLog.Read.All`).
    let scopes: [String]
    let account: TophhieAccount?
    /// Told the seconds of each throttling wait before it starts (the console's countdown).
    let onWait: @Sendable (Int) -> Void
    let clientRequestID = UUID().uuidString.lowercased()

    /// Retries after 429/503 before `.throttled`.
    static let maxThrottleRetries = 3
    /// Seconds waited after a 429/503 without a usable `Retry-After`, by retry.
    static let backoff = [2, 4, 8]
    /// A `Retry-After` longer than this (seconds) is not waited out here: the call ends `.throttled` at
    /// once, so the console can offer a manual retry instead of a frozen pane.
    static let longestWait = 120

    /// Sends `method url` (with a JSON `body`, if any) until it gets an answer that is not a 401 to be
    /// refreshed or a 429/503 to be waited out.
    /// - Parameter resumeLink: what `.throttled` names as the link to resume with.
    /// - Returns: the 2xx answer.
    /// - Throws: `GraphError` (`.auth` when the token cannot be had), `CancellationError`.
    func send(_ method: String, _ url: URL, body: Data? = nil, resumeLink: URL? = nil) async throws -> InteractiveClient.Answer {
        var token = try await accessToken(forceRefresh: false)
        var refreshed = false
        var throttleRetries = 0
        var attempt = 0
        while true {
            attempt += 1
            var headers = ["Accept": "application/json", "Authorization": "Bearer \(token)", "client-request-id": clientRequestID]
            if body != nil { headers["Content-Type"] = "application/json" }
            let request = HTTPRequest(url: url, method: method, headers: headers, body: body ?? Data(), timeout: session.client.timeout)
            let answer: InteractiveClient.Answer
            do {
                answer = try await session.client.send(request, attempt: attempt)
            } catch let error as AuthError {
                if case .networkFailure(let text) = error { throw GraphError.networkFailure(text) }
                throw GraphError.auth(error)
            }
            switch answer.status {
            case 200..<300:
                return answer
            case 401 where !refreshed:
                refreshed = true
                token = try await accessToken(forceRefresh: true)
            case 429, 503:
                let retryAfter = RetryAfter.seconds(in: answer.headers, now: session.now())
                if throttleRetries >= Self.maxThrottleRetries || (retryAfter ?? 0) > Self.longestWait {
                    throw GraphError.throttled(retryAfter: retryAfter, rowsRead: [], nextLink: resumeLink, details(of: answer))
                }
                let wait = retryAfter ?? Self.backoff[min(throttleRetries, Self.backoff.count - 1)]
                throttleRetries += 1
                onWait(wait)
                try await session.sleeper(Double(wait))
            default:
                throw error(for: answer)
            }
        }
    }

    /// The access token for `scopes` on `account`. A refresh the token service throttles or fails (429, 5xx) is
    /// tried once more after its `Retry-After`, by native auth's rule (`NativeAuthClient.retryDelay`); the wait is
    /// told to `onWait` first.
    /// - Throws: `GraphError.auth`, `CancellationError`.
    private func accessToken(forceRefresh: Bool) async throws -> String {
        var retried = false
        while true {
            do {
                return try await auth.acquireTokenSilent(scopes: scopes, account: account, forceRefresh: forceRefresh).accessToken
            } catch let error as AuthError {
                guard !retried, case .serviceUnavailable(let details, let retryAfter) = error,
                      let wait = NativeAuthClient.retryDelay(status: details.status ?? 0, retryAfter: retryAfter,
                                                             longest: NativeAuthClient.longestRetryAfter) else {
                    throw GraphError.auth(error)
                }
                retried = true
                if wait >= 1 { onWait(Int(wait.rounded(.up))) }
                try await session.sleeper(wait)
            }
        }
    }

    /// Clocks further apart than this (seconds) make a refused token a clock problem: Microsoft's token validation
    /// allows 5 minutes of skew (docs/protocol.md §I5.3).
    static let clockSkewAllowance: TimeInterval = 300

    /// The `GraphError` of a final error answer (401 here means: still refused after the refresh; with the
    /// service's `Date` 5 minutes or more from this side's clock, a clock problem).
    func error(for answer: InteractiveClient.Answer) -> GraphError {
        let details = details(of: answer)
        switch answer.status {
        case 400: return .badRequest(details)
        case 401:
            guard let served = ResponseValidator.header("date", in: answer.headers).flatMap(HTTPDateParser.date) else { return .unauthorized(details) }
            let skew = session.now().timeIntervalSince(served)
            return abs(skew) >= Self.clockSkewAllowance ? .clockSkew(seconds: Int(skew.rounded()), details) : .unauthorized(details)
        case 403 where details.code == "Authentication_RequestFromNonPremiumTenantOrB2CTenant": return .notPremium(details)
        case 403: return .missingPermission(details)
        case 404: return .notFound(details)
        default: return .server(details)
        }
    }

    /// Graph's error envelope, the ids falling back to the response headers and to the id sent.
    func details(of answer: InteractiveClient.Answer) -> GraphErrorDetails {
        let envelope = GraphErrorEnvelope(json: answer.body)
        let header = { (lowercasedName: String) in ResponseValidator.header(lowercasedName, in: answer.headers) }
        return GraphErrorDetails(status: answer.status, code: envelope?.code, message: envelope?.message,
                                 requestID: envelope?.requestID ?? header("request-id"),
                                 clientRequestID: envelope?.clientRequestID ?? header("client-request-id") ?? clientRequestID,
                                 date: envelope?.date ?? header("date"))
    }
}
