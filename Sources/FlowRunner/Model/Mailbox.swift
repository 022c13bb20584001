import AccountFlow
import Synchronization

/// Answers from the effect runner, waiting for the UI loop to apply them (the loop owns the state).
/// Each post wakes the loop (``onPost(_:)``), so an answer is on screen as soon as it is in: no loop polls.
package final class Mailbox: Sendable {
    private let events = Mutex<[FlowEvent]>([])
    private let wake = Mutex<@Sendable () -> Void>({})
    private let restoring = Mutex(false)

    package init() {}

    /// Queues `event` and wakes the loop. Any thread.
    package func post(_ event: FlowEvent) {
        events.withLock { $0.append(event) }
        wake.withLock { $0 }()
    }

    /// Wakes the loop without an answer: something it shows has changed (a new exchange for the trace pane).
    package func nudge() { wake.withLock { $0 }() }

    /// Sets what a post calls to wake the loop (the curses backend's wake, a line session's pipe).
    package func onPost(_ wake: @escaping @Sendable () -> Void) { self.wake.withLock { $0 = wake } }

    /// Whether the start-up restore may still post an account (``restoreStarted()`` until ``restoreEnded()``).
    var isRestoring: Bool { restoring.withLock { $0 } }

    func restoreStarted() { restoring.withLock { $0 = true } }

    /// The restore is over, its account (if any) posted before: wakes the loop. Any thread.
    func restoreEnded() {
        restoring.withLock { $0 = false }
        nudge()
    }

    /// Takes every waiting event, oldest first.
    func drain() -> [FlowEvent] { events.withLock { events in defer { events = [] }; return events } }
}
