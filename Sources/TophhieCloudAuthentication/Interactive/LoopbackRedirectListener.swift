import Foundation
import LoopbackHTTP
import NativeAuthWire
import Synchronization

/// The loopback server a browser sign-in redirects to: `127.0.0.1` on an ephemeral port, one good
/// callback, then closed.
///
/// Accepts the authorization response as a `form_post` POST or a query GET on the redirect path;
/// answers `/favicon.ico` and other paths with 404 and keeps waiting; a callback with another `state`
/// gets an error page and is ignored (a stale tab, a forged request); an `error=` callback ends the wait
/// with that error. Source: interactive-api §4.6, trap 7; case 024; RFC 8252 §7.3.
final class LoopbackRedirectListener: Sendable {
    /// What came back.
    enum Callback: Sendable, Equatable {
        case code(String)
        case error(code: String, description: String?)
    }

    private let daemon: HTTPDaemon
    private let outcome: Outcome
    /// The bound port.
    var port: UInt16 { daemon.port }

    /// - Throws: `AuthError.invalidConfiguration` when no loopback port can be bound.
    init(path: String, expectedState: String) throws {
        let outcome = Outcome()
        do {
            daemon = try HTTPDaemon(host: "127.0.0.1", port: 0, responder: Responder(path: path, state: expectedState, outcome: outcome))
        } catch {
            throw AuthError.invalidConfiguration("Cannot listen on a loopback port for the browser's redirect: \(error)")
        }
        self.outcome = outcome
    }

    /// Waits for the callback, at most `timeout` seconds; closes the listener either way.
    /// - Throws: `AuthError.cancelled` on time-out, `cancel()` or task cancellation.
    func wait(timeout: TimeInterval) async throws -> Callback {
        let timer = Task { [outcome] in
            try? await Task.sleep(nanoseconds: UInt64(max(0, timeout) * 1_000_000_000))
            outcome.finish(.failure(AuthError.cancelled))
        }
        defer { timer.cancel() }
        do {
            let callback = try await withTaskCancellationHandler {
                try await outcome.value()
            } onCancel: { [outcome] in
                outcome.finish(.failure(AuthError.cancelled))
            }
            // The callback's own page is still on its way to the browser: close once it has had time to go.
            let daemon = self.daemon
            Task.detached {
                try? await Task.sleep(nanoseconds: Self.closingGrace)
                await daemon.shutDown()
            }
            return callback
        } catch {
            // Off the pool: the stop lets a page still being sent finish.
            await daemon.shutDown()
            throw error
        }
    }

    /// How long the listener stays up after the callback, answering "already done", so the browser gets its page.
    static let closingGrace: UInt64 = 1_000_000_000

    /// Ends the wait with `AuthError.cancelled`.
    func cancel() { outcome.finish(.failure(AuthError.cancelled)) }

    /// A one-time result shared between the daemon's threads and the waiting task.
    final class Outcome: Sendable {
        private let state = Mutex<(result: Result<Callback, AuthError>?, waiter: CheckedContinuation<Callback, Error>?)>((nil, nil))

        func finish(_ result: Result<Callback, AuthError>) {
            let waiter: CheckedContinuation<Callback, Error>? = state.withLock { current in
                guard current.result == nil else { return nil }
                current.result = result
                defer { current.waiter = nil }
                return current.waiter
            }
            waiter?.resume(with: result.mapError { $0 as Error })
        }

        var isFinished: Bool { state.withLock { $0.result != nil } }

        func value() async throws -> Callback {
            try await withCheckedThrowingContinuation { continuation in
                let ready: Result<Callback, AuthError>? = state.withLock { current in
                    if let result = current.result { return result }
                    current.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready.mapError { $0 as Error }) }
            }
        }
    }

    struct Responder: HTTPResponder {
        let path: String
        let state: String
        let outcome: Outcome

        func respond(to request: LoopbackRequest) -> LoopbackResponse {
            let wanted = path.isEmpty ? "/" : path
            guard request.path == wanted, request.method == "GET" || request.method == "POST" else {
                return Self.page(404, "Not found", "This address only receives the sign-in's redirect.")
            }
            var fields = request.query
            if request.method == "POST" {
                for (key, value) in FormBody(decoding: Data(request.body)).parameters { fields[key] = value }
            }
            guard fields["code"] != nil || fields["error"] != nil else {
                return Self.page(400, "Nothing to do", "This address only receives the sign-in's redirect.")
            }
            guard fields["state"] == state else {
                return Self.page(400, "Sign-in not recognised",
                                 "This answer belongs to another sign-in (state mismatch). Return to the terminal and try again.")
            }
            if outcome.isFinished {
                return Self.page(409, "Already done", "This sign-in has already finished. Return to the terminal.")
            }
            if let error = fields["error"] {
                outcome.finish(.success(.error(code: error, description: fields["error_description"])))
                return Self.page(200, "Sign-in not completed",
                                 "The sign-in ended with \(Self.escapeHTML(error)). Return to the terminal to see why.")
            }
            outcome.finish(.success(.code(fields["code"] ?? "")))
            return Self.page(200, "Signed in", "You are signed in. You can close this tab and return to the terminal.")
        }

        /// The `error` value comes from whoever called the port: never put it in the page raw.
        static func escapeHTML(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }

        static func page(_ status: Int, _ title: String, _ text: String) -> LoopbackResponse {
            let html = """
                <!doctype html><html lang="en"><head><meta charset="utf-8"><title>\(title)</title></head>
                <body><h1 id="title">\(title)</h1><p id="message">\(text)</p></body></html>
                """
            return LoopbackResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store"],
                                    body: Array(html.utf8))
        }
    }
}
