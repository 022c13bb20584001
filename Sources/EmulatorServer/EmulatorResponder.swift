import Foundation
import LoopbackHTTP
import TenantEmulator

/// Adapts `TenantEmulator.handle(_:)` to the daemon.
///
/// Sets `x-emulator-scheme` (`https` or `http`) on every request from how it actually arrived, replacing
/// any value the client sent, so the emulator can tell its own origin. A `delay` fault is served here, on
/// the connection's own thread, by holding the answer.
final class EmulatorResponder: HTTPResponder {
    static let schemeHeader = "x-emulator-scheme"
    let emulator: TenantEmulator

    init(emulator: TenantEmulator) { self.emulator = emulator }

    func respond(to request: LoopbackRequest) -> LoopbackResponse {
        var headers = request.headers
        headers[Self.schemeHeader] = request.isSecure ? "https" : "http"
        let response = emulator.handle(EmulatorRequest(method: request.method, path: request.path, query: request.query,
                                                       headers: headers, body: Data(request.body)))
        if response.delaySeconds > 0 { Thread.sleep(forTimeInterval: TimeInterval(response.delaySeconds)) }
        return LoopbackResponse(status: response.status, headers: response.headers, body: Array(response.body))
    }
}
