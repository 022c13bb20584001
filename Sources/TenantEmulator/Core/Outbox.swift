import Foundation

/// Where one-time codes go instead of being sent; readable by in-process callers and the control API.
///
/// Observers (`observe(_:)`) are called synchronously on the thread that issued the code, so the
/// `tophhie emulator` command and the console's outbox pane see codes as they are "sent". Thread-safe.
public final class Outbox: @unchecked Sendable {
    // @unchecked: state is only touched under `lock`.
    private let lock = NSLock()
    private var messages: [OutboxMessage] = []
    /// Leading entries of `messages` already past `capacity`, removed in bulk: removing one per message
    /// moved the whole full outbox on every code sent.
    private var dropped = 0
    private var nextID = 1
    private var observers: [Int: @Sendable (OutboxMessage) -> Void] = [:]
    private var nextObserverID = 1
    /// Keeps memory bounded under load (benchmark); the oldest messages are dropped first.
    private let capacity = 10_000
    /// One formatter, used under `lock` (creating one per message is costly).
    private let formatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter
    }()

    init() {}

    /// Every message still held, oldest first; `to` filters by exact target (case-insensitive).
    public func messages(to target: String? = nil) -> [OutboxMessage] {
        lock.lock()
        defer { lock.unlock() }
        guard let target else { return Array(messages[dropped...]) }
        return messages[dropped...].filter { $0.to.lowercased() == target.lowercased() }
    }

    /// The newest message sent to `target`, if any.
    public func latest(to target: String) -> OutboxMessage? {
        // Newest first, without copying the whole outbox: it grows with every code of a long session.
        let wanted = target.lowercased()
        lock.lock()
        defer { lock.unlock() }
        return messages[dropped...].last { $0.to.lowercased() == wanted }
    }

    /// Calls `observer` for every future message, on the thread that issued the code (keep it short).
    /// - Returns: an id for `stopObserving(_:)`.
    @discardableResult
    public func observe(_ observer: @escaping @Sendable (OutboxMessage) -> Void) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let id = nextObserverID
        nextObserverID += 1
        observers[id] = observer
        return id
    }

    /// Stops calling the observer registered under `id`.
    public func stopObserving(_ id: Int) {
        lock.lock()
        observers.removeValue(forKey: id)
        lock.unlock()
    }

    /// Future messages as an async sequence (for a UI's outbox pane); ends its observation when cancelled.
    public func stream() -> AsyncStream<OutboxMessage> {
        AsyncStream { continuation in
            let id = observe { continuation.yield($0) }
            continuation.onTermination = { [weak self] _ in self?.stopObserving(id) }
        }
    }

    /// Empties the outbox.
    public func removeAll() {
        lock.lock()
        messages.removeAll()
        dropped = 0
        lock.unlock()
    }

    func post(channel: String, to target: String, code: String, purpose: OutboxMessage.Purpose, at date: Date) {
        lock.lock()
        let message = OutboxMessage(id: nextID, channel: channel, to: target, code: code, purpose: purpose,
                                    sentAt: formatter.string(from: date))
        nextID += 1
        messages.append(message)
        if messages.count - dropped > capacity { dropped += 1 }
        if dropped >= capacity / 10 {
            messages.removeFirst(dropped)
            dropped = 0
        }
        let current = observers.sorted { $0.key < $1.key }.map(\.value)
        lock.unlock()
        for observer in current { observer(message) }
    }
}
