import AccountFlow
import Synchronization

/// Answers from the effect runner, waiting for the UI loop to apply them (the loop owns the state).
final class Mailbox: Sendable {
    private let events = Mutex<[FlowEvent]>([])

    func post(_ event: FlowEvent) { events.withLock { $0.append(event) } }

    /// Takes every waiting event, oldest first.
    func drain() -> [FlowEvent] { events.withLock { events in defer { events = [] }; return events } }
}
