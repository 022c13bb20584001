import EmailAddresses
import Foundation

/// Where one-time codes go instead of being sent; readable by in-process callers and the control API.
///
/// Each message says what became of its code (``OutboxMessage/Status``): the emulator settles it when the
/// code is used, exhausted or replaced, and a code past its expiry reads as `expired` on the virtual clock.
/// Memory stays bounded: a message is forgotten ``expiredGraceSeconds`` after its code expired (whatever
/// became of the code), and beyond ``Retention/outboxMessages`` messages the oldest go first.
/// Observers (`observe(_:)`) are called synchronously on the thread that issued the code, so the
/// `tophhie emulator` command and the console's outbox pane see codes as they are "sent". Thread-safe.
public final class Outbox: @unchecked Sendable {
    // @unchecked: state is only touched under `lock`.
    private let lock = AdaptiveLock()
    /// Messages as sent; a message's status is settled here or read as expired.
    private var entries: [Entry] = []
    /// Leading entries already forgotten (past `capacity`, or expired longer than the grace), removed in bulk:
    /// removing one per message moved the whole full outbox on every code sent.
    private var dropped = 0
    private let clock: VirtualClock
    private var nextID = 1
    private var observers: [Int: @Sendable (OutboxMessage) -> Void] = [:]
    private var nextObserverID = 1
    /// The most messages held (``Retention/outboxMessages``); the oldest are dropped first.
    private let capacity: Int
    /// How long a message stays after its code expired, reading `expired`, before it is forgotten: ten minutes
    /// of virtual time, so an operator whose code was refused still finds it, yet a tenant's memory returns.
    public static let expiredGraceSeconds: TimeInterval = 600
    /// `2026-03-14T09:26:41Z`: Foundation's Swift-native style, about ten times cheaper than the ICU-backed
    /// `ISO8601DateFormatter`, which was most of the cost of sending a code.
    private static let timestamp = Date.ISO8601FormatStyle(timeZone: .gmt)

    init(clock: VirtualClock, capacity: Int) {
        self.clock = clock
        self.capacity = max(1, capacity)
    }

    /// Every message still held, oldest first, each with its status now; `to` filters by exact target
    /// (compared as usernames are: `EmailAddress.key`).
    public func messages(to target: String? = nil) -> [OutboxMessage] {
        let now = clock.now
        let wanted = target.map(EmailAddress.key)
        lock.lock()
        defer { lock.unlock() }
        forgetOld(at: now)
        return entries[dropped...].compactMap { entry in
            guard wanted == nil || EmailAddress.key(entry.to) == wanted else { return nil }
            return entry.message(at: now)
        }
    }

    /// The newest message sent to `target`, if any.
    public func latest(to target: String) -> OutboxMessage? {
        // Newest first, without copying the whole outbox: it grows with every code of a long session.
        let wanted = EmailAddress.key(target)
        let now = clock.now
        lock.lock()
        defer { lock.unlock() }
        forgetOld(at: now)
        return entries[dropped...].last { EmailAddress.key($0.to) == wanted }?.message(at: now)
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
        entries.removeAll()
        dropped = 0
        lock.unlock()
    }

    /// Records a code "sent"; observers hear of it at once.
    /// - Returns: the message id, for ``settle(_:as:at:)``.
    @discardableResult
    func post(channel: String, to target: String, code: String, purpose: OutboxMessage.Purpose, at date: Date, expiresAt: Date) -> Int {
        lock.lock()
        let entry = Entry(id: nextID, channel: channel, to: target, code: code, purpose: purpose, sentAt: date, expiresAt: expiresAt)
        nextID += 1
        entries.append(entry)
        forgetOld(at: date)
        let current = observers.sorted { $0.key < $1.key }.map(\.value)
        lock.unlock()
        if !current.isEmpty {
            let message = entry.message(at: date)
            for observer in current { observer(message) }
        }
        return entry.id
    }

    /// Records what became of message `id`'s code; only a code still `sent` and unexpired at `date` changes,
    /// so an expired code stays `expired` when a resend replaces it.
    func settle(_ id: Int, as status: OutboxMessage.Status, at date: Date) {
        lock.lock()
        defer { lock.unlock() }
        guard let index = entries[dropped...].lastIndex(where: { $0.id == id }), entries[index].status == .sent,
              date < entries[index].expiresAt else { return }
        entries[index].status = status
    }

    /// Forgets the oldest messages beyond `capacity` and those whose code expired more than the grace before
    /// `now`. Called under `lock`. Walks from the oldest and stops at the first one kept: codes expire in
    /// sending order as long as `otp.ttlSeconds` stays the same (after a change, at worst a little later).
    private func forgetOld(at now: Date) {
        let cutoff = now.addingTimeInterval(-Self.expiredGraceSeconds)
        while dropped < entries.count, entries.count - dropped > capacity || entries[dropped].expiresAt <= cutoff {
            dropped += 1
        }
        // Compacting once the forgotten part is a tenth of the cap or half of what is held moves each message a
        // bounded number of times. While the buffer stays at least half used, the kept messages move down in it
        // (copying them into a fresh array retained and released every string of a full outbox's messages);
        // past that a fresh array lets the old, larger buffer go back to the allocator.
        guard dropped > 0, dropped >= min(capacity / 10, entries.count / 2) else { return }
        if entries.count - dropped >= entries.capacity / 2 {
            entries.removeFirst(dropped)
        } else {
            entries = Array(entries[dropped...])
        }
        dropped = 0
    }

    /// One message as held: times as dates, formatted only when the message is read (formatting two timestamps
    /// was a tenth of a light request's cost, and most messages are never read).
    private struct Entry {
        let id: Int
        let channel: String
        let to: String
        let code: String
        let purpose: OutboxMessage.Purpose
        let sentAt: Date
        let expiresAt: Date
        var status = OutboxMessage.Status.sent

        /// The message with its status at `now`: a code still `sent` past its expiry reads as `expired`.
        func message(at now: Date) -> OutboxMessage {
            OutboxMessage(id: id, channel: channel, to: to, code: code, purpose: purpose, sentAt: Outbox.timestamp.format(sentAt),
                          expiresAt: Outbox.timestamp.format(expiresAt), status: status == .sent && now >= expiresAt ? .expired : status)
        }
    }
}
