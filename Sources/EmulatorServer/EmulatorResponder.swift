import Foundation
import LoopbackHTTP
import Synchronization
import TenantEmulator

/// Adapts `TenantEmulator.handle(_:)` to the daemon.
///
/// Sets `x-emulator-scheme` (`https` or `http`) on every request from how it actually arrived, replacing
/// any value the client sent, so the emulator can tell its own origin. A `delay` fault is served here, on
/// the connection's own thread, by holding the answer.
final class EmulatorResponder: HTTPResponder {
    static let schemeHeader = "x-emulator-scheme"
    let emulator: TenantEmulator
    /// Set when the server stops: a held answer is let go at once, so stopping never waits out a delay.
    private let stopping = Atomic<Bool>(false)

    init(emulator: TenantEmulator) { self.emulator = emulator }

    /// Lets every held answer go (the daemon's stop waits for running requests).
    func stop() { stopping.store(true, ordering: .releasing) }

    func respond(to request: LoopbackRequest) -> LoopbackResponse {
        var headers = request.headers
        headers[Self.schemeHeader] = request.isSecure ? "https" : "http"
        let response = emulator.handle(EmulatorRequest(method: request.method, path: request.path, query: request.query,
                                                       headers: headers, body: Data(request.body)))
        let until = Date().addingTimeInterval(TimeInterval(response.delaySeconds))
        while Date() < until, !stopping.load(ordering: .acquiring) { Thread.sleep(forTimeInterval: 0.05) }
        return LoopbackResponse(status: response.status, headers: response.headers, body: Array(response.body))
    }
}
