import Foundation
import LoopbackHTTP
import Synchronization
import TenantEmulator

/// Adapts `TenantEmulator.handle(_:)` to the daemon.
///
/// Sets `x-emulator-scheme` (`https` or `http`) on every request from how it actually arrived, replacing
/// any value the client sent, so the emulator can tell its own origin. A `delay` fault is served here, on
/// the connection's own thread, by holding the answer. With a `controlToken`, a control request without it
/// gets 401 and never reaches the emulator.
final class EmulatorResponder: HTTPResponder {
    static let schemeHeader = "x-emulator-scheme"
    let emulator: TenantEmulator
    let controlToken: ControlToken?
    /// Set when the server stops: a held answer is let go at once, so stopping never waits out a delay.
    private let stopping = Atomic<Bool>(false)

    init(emulator: TenantEmulator, controlToken: ControlToken? = nil) {
        self.emulator = emulator
        self.controlToken = controlToken
    }

    /// Lets every held answer go (the daemon's stop waits for running requests).
    func stop() { stopping.store(true, ordering: .releasing) }

    func respond(to request: consuming LoopbackRequest) -> LoopbackResponse {
        if let controlToken, TenantEmulator.isControlPath(request.path), !controlToken.admits(request.headers["authorization"]) {
            return Self.unauthorized
        }
        request.headers[Self.schemeHeader] = request.isSecure ? "https" : "http"
        let response = emulator.handle(EmulatorRequest(method: request.method, path: request.path, query: request.query,
                                                       headers: request.headers, body: Data(request.body)))
        if response.delaySeconds > 0 {
            let until = Date().addingTimeInterval(TimeInterval(response.delaySeconds))
            while Date() < until, !stopping.load(ordering: .acquiring) { Thread.sleep(forTimeInterval: 0.05) }
        }
        return LoopbackResponse(status: response.status, headers: response.headers, body: response.body.withUnsafeBytes { Array($0) })
    }

    /// RFC 6750 §3: the challenge names the scheme; the body says what to send, never the token.
    static let unauthorized = LoopbackResponse(
        status: 401, headers: ["Content-Type": "application/json", "WWW-Authenticate": #"Bearer realm="tophhie emulator control""#],
        body: Array(#"{"error":"the control API needs Authorization: Bearer TOKEN (printed at start, or in --control-token-file)"}"#.utf8))
}
