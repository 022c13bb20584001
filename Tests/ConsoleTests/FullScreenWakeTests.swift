import AccountFlow
@testable import Console
@testable import FlowRunner
import Foundation
import TenantEmulator
import TerminalUI
import Testing
import TestSupport

/// The full-screen loop is woken by the runner's answer, not by a poll: while a request is out it waits for
/// keys until the next countdown tick, and the answer's frame follows the answer at once.
@Suite("Full-screen loop wakes on answers")
struct FullScreenWakeTests {
    /// A backend that waits like the curses one: on a wake pipe, up to the timeout the loop asks for.
    final class WakeableBackend: Backend {
        let screen = TestBackend()
        let pipe = WakePipe()
        /// How many waits began while a request was out.
        var waitsWhileWorking = 0
        var isWorking: () -> Bool = { false }
        /// Set once the answer's frame is drawn: the next wait returns Ctrl-C.
        var done: (Buffer) -> Bool = { _ in false }
        private var finished = false

        var size: Size { screen.size }
        func draw(_ buffer: Buffer) {
            screen.draw(buffer)
            if done(buffer) { finished = true }
        }
        func moveCursor(to point: Point) { screen.moveCursor(to: point) }
        func setCursorVisible(_ visible: Bool) { screen.setCursorVisible(visible) }
        func clear() { screen.clear() }
        func flush() { screen.flush() }
        func copyToClipboard(_ text: String) -> Bool { screen.copyToClipboard(text) }
        func nextEvent(timeout: Duration) -> InputEvent {
            if finished { return .key(.control("c")) }
            if isWorking() { waitsWhileWorking += 1 }
            _ = pipe.wait(timeout: timeout)
            return .tick
        }
    }

    /// Hands the session and its backend to the loop's thread (one thread uses them at a time).
    final class Loop: @unchecked Sendable {
        let session: FullScreenSession
        let backend: WakeableBackend
        init(session: FullScreenSession, backend: WakeableBackend) {
            self.session = session
            self.backend = backend
        }
    }

    @Test("a sign-in held 2 s by the emulator: a handful of waits, not a poll every 100 ms, and its answer is drawn")
    func answerWakesTheLoop() async throws {
        let flow = try FlowOnEmulator()
        let fault = #"{"endpoint": "/oauth2/v2.0/initiate", "kind": "delay", "seconds": 2}"#
        #expect(flow.tenant.server.emulator.handle(EmulatorRequest(method: "POST", path: "/emulator/v1/faults", body: Data(fault.utf8))).status == 200)
        await flow.send(.menuChosen(.signIn))
        await flow.fill(.email, "nobody.here@example.com")
        await flow.fill(.password, "Whatever-1234!")
        let model = flow.model
        model.apply(.submitted)
        #expect(model.isWorking)
        let backend = WakeableBackend()
        backend.isWorking = { model.isWorking }
        backend.done = { buffer in buffer.lines().contains { $0.contains("couldn't sign you in") } }
        model.mailbox.onPost(backend.pipe.wake)
        let started = ContinuousClock.now
        // The loop runs on a thread of its own, as on the console's main thread; the test reads the backend again
        // only after that thread is done with it.
        let loop = Loop(session: FullScreenSession(model: model, header: HeaderInfo(tenant: "contoso", authority: "http://127.0.0.1", mode: "operator"),
                                                   outbox: nil, trace: TraceLog()), backend: backend)
        await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                loop.session.run(on: loop.backend)
                ended.resume()
            }
        }
        #expect(backend.screen.snapshot().contains("couldn't sign you in"), "\(backend.screen.snapshot())")
        // About one wait per countdown second and one per answer or exchange; a 100 ms poll makes ten a second.
        // Counted against the time the request really took, so a loaded machine that stretches it does not fail.
        let seconds = Int((ContinuousClock.now - started).components.seconds) + 1
        #expect(backend.waitsWhileWorking <= 4 + 2 * seconds,
                "the loop waited \(backend.waitsWhileWorking) times during a request of about \(seconds) s")
    }
}
