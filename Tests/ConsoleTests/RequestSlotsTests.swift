@testable import FlowRunner
import Synchronization
import Testing
import TestSupport

/// The effect runner's request slots: the start-up restore and the user's requests do not cancel each other.
@Suite("Request slots")
struct RequestSlotsTests {
    /// A request that answers when the test lets it.
    final class Gate: Sendable {
        private let opened = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

        func open() {
            let waiters = opened.withLock { state in
                state.open = true
                defer { state.waiters = [] }
                return state.waiters
            }
            waiters.forEach { $0.resume() }
        }

        func passed() async {
            await withCheckedContinuation { continuation in
                let now = opened.withLock { state in
                    if !state.open { state.waiters.append(continuation) }
                    return state.open
                }
                if now { continuation.resume() }
            }
        }
    }

    @Test("a request the user starts while the start-up restore is out leaves the restore running: both answer")
    func restoreAndFirstRequestBothAnswer() async {
        let answers = Mutex<[String]>([])
        let slots = RequestSlots<EffectRunner.RequestKey, String> { answer in answers.withLock { $0.append(answer) } }
        let cacheRead = Gate()
        slots.start(.restore) {
            await cacheRead.passed()
            return "restored"
        }
        slots.start(.flow) { "signed in" }
        #expect(await eventually { answers.withLock { $0 } == ["signed in"] })
        cacheRead.open()
        #expect(await eventually { answers.withLock { $0.sorted() } == ["restored", "signed in"] }, "\(answers.withLock { $0 })")
    }

    @Test("a new request in the same slot cancels the old one, whose answer is dropped")
    func sameSlotReplaces() async {
        let answers = Mutex<[String]>([])
        let slots = RequestSlots<EffectRunner.RequestKey, String> { answer in answers.withLock { $0.append(answer) } }
        let first = Gate()
        let cancelled = Mutex(false)
        slots.start(.flow) {
            await withTaskCancellationHandler { await first.passed() } onCancel: { cancelled.withLock { $0 = true } }
            return "first"
        }
        slots.start(.flow) { "second" }
        #expect(await eventually { cancelled.withLock { $0 } }, "the first request was not cancelled")
        first.open()
        // The first request's task ends before the second's answer is awaited: "first" would come now if kept.
        #expect(await eventually { answers.withLock { $0 }.contains("second") })
        #expect(answers.withLock { $0 } == ["second"])
    }
}
