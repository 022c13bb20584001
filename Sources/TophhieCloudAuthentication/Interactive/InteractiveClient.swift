import Foundation
import NativeAuthWire

/// Sends the interactive stack's calls (discovery, device authorization, token grants), reports each
/// exchange to the observer with secrets redacted, and turns error answers into `AuthError`.
///
/// Source: docs/protocol.md §I2 (refresh), §I4.1–§I4.2 (device code), §I4.5 (code redemption), §I7.1 (discovery).
struct InteractiveClient: Sendable {
    let transport: any HTTPTransport
    let observer: ExchangeObserver?
    let timeout: TimeInterval

    /// The answer of one call: status, headers and body, whatever the status.
    struct Answer: Sendable {
        let status: Int
        let headers: [String: String]
        let body: Data
    }

    /// `GET url`.
    /// - Throws: `AuthError.networkFailure`, `CancellationError`.
    func get(_ url: URL) async throws -> Answer {
        try await send(HTTPRequest(url: url, method: "GET", headers: ["Accept": "application/json"], timeout: timeout))
    }

    /// `POST url` with a form body (pairs in order).
    /// - Throws: `AuthError.networkFailure`, `CancellationError`.
    func post(_ url: URL, form: [(String, String)]) async throws -> Answer {
        let body = form.map { "\(FormBody.escape($0.0))=\(FormBody.escape($0.1))" }.joined(separator: "&")
        return try await send(HTTPRequest(url: url, headers: NativeAuthClient.headers(), body: Data(body.utf8), timeout: timeout))
    }

    /// Sends any request (the Graph calls build their own) and reports it to the observer as `attempt`.
    /// - Throws: `AuthError.networkFailure`, `CancellationError`.
    func send(_ request: HTTPRequest, attempt: Int = 1) async throws -> Answer {
        try Task.checkCancellation()
        let started = Date()
        let ticking = ContinuousClock.now
        do {
            let response = try await transport.send(request)
            observer?(ObservedExchange(startedAt: started, duration: ObservedExchange.seconds(since: ticking), request: request,
                                       endpoint: nil, response: response, failure: nil, attempt: attempt))
            return Answer(status: response.status, headers: response.headers, body: response.body)
        } catch {
            observer?(ObservedExchange(startedAt: started, duration: ObservedExchange.seconds(since: ticking), request: request,
                                       endpoint: nil, response: nil, failure: "\(error)", attempt: attempt))
            if error == .cancelled { throw CancellationError() }
            throw AuthError.networkFailure(NativeAuthClient.describe(error, host: request.url.host ?? ""))
        }
    }

    /// The error envelope of a non-2xx answer, as `ServerDetails`; nil for a body that is not one.
    static func details(of answer: Answer) -> (envelope: ErrorEnvelope?, details: ServerDetails) {
        let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: answer.body)
        let header = ResponseValidator.header("client-request-id", in: answer.headers)
        let details = ServerDetails(
            error: envelope?.error.wireValue, suberror: envelope?.suberror?.wireValue, code: envelope?.firstCode,
            errorDescription: envelope?.errorDescription, traceID: envelope?.traceID,
            correlationID: envelope?.correlationID ?? header, status: answer.status)
        return (envelope, details)
    }
}
