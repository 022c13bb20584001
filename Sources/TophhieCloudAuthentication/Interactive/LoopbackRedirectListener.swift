import Foundation
import LoopbackHTTP
import NativeAuthWire
import Synchronization

/// The loopback server a browser sign-in redirects to: `127.0.0.1` and `[::1]` on the same ephemeral port,
/// one good callback, then closed.
///
/// The redirect URI names `localhost`, which browsers may resolve to `::1` first: a listener on IPv4 alone
/// leaves them with "site can't be reached" after a good sign-in. So both loopback addresses listen (never a
/// wildcard address, which would take callbacks from the network); a port free on one family but taken on the
/// other is given up for another pair; where this host has no IPv6 loopback, IPv4 alone listens and
/// ``ipv6Note`` says so. Source: RFC 8252 §7.3 ("listen on both IPv4 and IPv6 loopback interfaces"),
/// field case 031.
///
/// Accepts the authorization response as a `form_post` POST or a query GET on the redirect path;
/// answers `/favicon.ico` and other paths with 404 and keeps waiting; a callback with another `state`
/// gets an error page and is ignored (a stale tab, a forged request); an `error=` callback ends the wait
/// with that error. Source: docs/protocol.md §I4.6, trap T7; field case 024 (docs/field-cases.md); RFC 8252 §7.3.
final class LoopbackRedirectListener: Sendable {
    /// What came back.
    enum Callback: Sendable, Equatable {
        case code(String)
        case error(code: String, description: String?)
    }

    /// One daemon per address family, on the same port: IPv4 first.
    private let daemons: [HTTPDaemon]
    private let outcome: Outcome
    /// The bound port.
    var port: UInt16 { daemons[0].port }
    /// `127.0.0.1:PORT` and, where IPv6 loopback exists, `[::1]:PORT`.
    var addresses: [String] { daemons.map { $0.host.contains(":") ? "[\($0.host)]:\($0.port)" : "\($0.host):\($0.port)" } }
    /// Set when IPv6 loopback could not be bound at all, so only `127.0.0.1` listens.
    let ipv6Note: String?

    /// How many port pairs are tried before giving up on a port free on both families.
    static let pairAttempts = 16

    /// - Throws: `AuthError.invalidConfiguration` when no loopback port can be bound.
    init(path: String, expectedState: String) throws {
        let outcome = Outcome()
        let responder = Responder(path: path, state: expectedState, outcome: outcome)
        do {
            (daemons, ipv6Note) = try Self.bindBoth(responder)
        } catch {
            throw AuthError.invalidConfiguration("Cannot listen on a loopback port for the browser's redirect: \(error)")
        }
        self.outcome = outcome
    }

    /// `127.0.0.1` on a free port, then `::1` on that same port; a port taken on `::1` (another program) is
    /// released and another pair tried. IPv6 loopback that cannot be bound even on a free port means this host
    /// has none: IPv4 alone, with a note.
    /// - Parameter ports: the IPv4 port asked for on each try (0: any free one); tests name a taken one first.
    static func bindBoth(_ responder: some HTTPResponder,
                         ports: [UInt16] = Array(repeating: 0, count: pairAttempts)) throws -> ([HTTPDaemon], String?) {
        for port in ports {
            // Ports are handed out per family: a port free on ::1 may be another program's on 127.0.0.1.
            guard let v4 = try? HTTPDaemon(host: "127.0.0.1", port: port, responder: responder) else { continue }
            if let v6 = try? HTTPDaemon(host: "::1", port: v4.port, responder: responder) { return ([v4, v6], nil) }
            v4.stop()
            guard let probe = try? HTTPDaemon(host: "::1", port: 0, responder: responder) else {
                let only = try HTTPDaemon(host: "127.0.0.1", port: 0, responder: responder)
                return ([only], "This host has no IPv6 loopback (::1): the redirect listens on 127.0.0.1 only; if the browser "
                            + "cannot reach localhost:\(only.port), open http://127.0.0.1:\(only.port) instead.")
            }
            probe.stop()
        }
        throw NoPortFreeOnBoth()
    }

    private struct NoPortFreeOnBoth: Error, CustomStringConvertible {
        var description: String { "no port was free on both 127.0.0.1 and ::1 after \(LoopbackRedirectListener.pairAttempts) tries" }
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
            let daemons = self.daemons
            Task.detached {
                try? await Task.sleep(nanoseconds: Self.closingGrace)
                for daemon in daemons { await daemon.shutDown() }
            }
            return callback
        } catch {
            // Off the pool: the stop lets a page still being sent finish.
            for daemon in daemons { await daemon.shutDown() }
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
