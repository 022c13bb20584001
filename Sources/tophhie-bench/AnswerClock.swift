import Foundation
import LoopbackHTTP
import Synchronization
import TenantEmulator

/// Serves an emulator like `EmulatorServer` does and notes when each answer leaves the responder (libmicrohttpd
/// writes it to the socket right after): the start of the answer-to-frame time.
final class AnswerClock: HTTPResponder {
    let emulator: TenantEmulator
    private let lastAnswer = Mutex<ContinuousClock.Instant?>(nil)

    init(emulator: TenantEmulator) { self.emulator = emulator }

    func respond(to request: LoopbackRequest) -> LoopbackResponse {
        var headers = request.headers
        headers["x-emulator-scheme"] = "http"
        let answer = emulator.handle(EmulatorRequest(method: request.method, path: request.path, query: request.query,
                                                     headers: headers, body: Data(request.body)))
        defer { lastAnswer.withLock { $0 = .now } }
        return LoopbackResponse(status: answer.status, headers: answer.headers, body: Array(answer.body))
    }

    /// When the newest answer left, and forgets it (nil when none left since the last call).
    func takeLastAnswer() -> ContinuousClock.Instant? { lastAnswer.withLock { answer in defer { answer = nil }; return answer } }
}
