import Foundation
import LoopbackHTTP
import Synchronization
import TenantEmulator

/// Serves an emulator like `EmulatorServer` does and notes when each answer leaves the responder (libmicrohttpd
/// writes it to the socket right after): the start of the answer-to-frame time.
final class AnswerClock: HTTPResponder {
    let emulator: TenantEmulator
    private let answers = Mutex<[ContinuousClock.Instant]>([])

    init(emulator: TenantEmulator) { self.emulator = emulator }

    func respond(to request: LoopbackRequest) -> LoopbackResponse {
        var headers = request.headers
        headers["x-emulator-scheme"] = "http"
        let answer = emulator.handle(EmulatorRequest(method: request.method, path: request.path, query: request.query,
                                                     headers: headers, body: Data(request.body)))
        defer { answers.withLock { $0.append(.now) } }
        return LoopbackResponse(status: answer.status, headers: answer.headers, body: Array(answer.body))
    }

    /// When each answer since the last call left, oldest first; forgets them.
    func takeAnswers() -> [ContinuousClock.Instant] { answers.withLock { answers in defer { answers = [] }; return answers } }
}
