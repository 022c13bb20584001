import Foundation

/// The emulator's notion of "now": real time plus an offset that `POST /emulator/v1/clock` advances.
///
/// Lets tests expire codes, continuation tokens and refresh tokens without waiting. Thread-safe.
public final class VirtualClock: @unchecked Sendable {
    // @unchecked: `offset` is only touched under `lock`.
    private let lock = NSLock()
    private var offset: TimeInterval = 0
    private let base: @Sendable () -> Date

    /// - Parameter base: the underlying time source (real time by default; fixed in tests).
    public init(base: @escaping @Sendable () -> Date = { Date() }) {
        self.base = base
    }

    /// The current virtual time.
    public var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return base().addingTimeInterval(offset)
    }

    /// Moves virtual time forward by `seconds` (never backwards).
    public func advance(by seconds: TimeInterval) {
        lock.lock()
        offset += max(0, seconds)
        lock.unlock()
    }
}
