import Foundation
import Synchronization

/// The emulator's notion of "now": real time plus an offset that `POST /emulator/v1/clock` advances.
///
/// Lets tests expire codes, continuation tokens and refresh tokens without waiting. Thread-safe.
public final class VirtualClock: Sendable {
    /// The offset in seconds, as the bits of a `Double`: every request reads the clock, and a lock here was
    /// contended by every connection thread.
    private let offsetBits = Atomic<UInt64>(0.0.bitPattern)
    private let base: @Sendable () -> Date

    /// - Parameter base: the underlying time source (real time by default; fixed in tests).
    public init(base: @escaping @Sendable () -> Date = { Date() }) {
        self.base = base
    }

    /// The current virtual time.
    public var now: Date {
        base().addingTimeInterval(Double(bitPattern: offsetBits.load(ordering: .acquiring)))
    }

    /// Moves virtual time forward by `seconds` (never backwards).
    public func advance(by seconds: TimeInterval) {
        var current = offsetBits.load(ordering: .relaxed)
        while true {
            let next = (Double(bitPattern: current) + max(0, seconds)).bitPattern
            let (exchanged, original) = offsetBits.compareExchange(expected: current, desired: next, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = original
        }
    }
}
