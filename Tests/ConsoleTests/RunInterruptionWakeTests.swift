#if canImport(Glibc)
import Glibc
#endif
@testable import ScenarioRuns
import Synchronization
import Testing

/// `tophhie run` waits for an event, not on a timer: the first signal noted wakes whoever waits for it.
@Suite struct RunInterruptionWakeTests {
    @Test("the first signal wakes each waiter once; a waiter that comes after it is woken at once")
    func theFirstSignalWakesItsWaiters() {
        let interruption = RunInterruption()
        let woken = Mutex(0)
        interruption.whenSet { woken.withLock { $0 += 1 } }
        #expect(woken.withLock { $0 } == 0, "nothing noted yet")
        interruption.receive(SIGTERM)
        interruption.receive(SIGINT)
        #expect(woken.withLock { $0 } == 1)
        interruption.whenSet { woken.withLock { $0 += 1 } }
        #expect(woken.withLock { $0 } == 2)
        #expect(interruption.signal?.number == SIGTERM, "the first signal counts")
    }
}
