import Foundation

/// A resend countdown from the server's `interval`, driven by `.tick` events (the reducer reads no clock).
public struct Countdown: Sendable, Equatable {
    /// Seconds to wait, as the server said (0 when it did not).
    public var seconds: Int
    /// When the countdown started: the latest tick when it was set (a code sent, a resend refused), or the
    /// first tick after that when none had arrived yet; `nil` until then.
    public var startedAt: Date?

    /// A countdown of `seconds`; a nil `startedAt` starts it at the next tick.
    public init(seconds: Int, startedAt: Date? = nil) {
        self.seconds = seconds
        self.startedAt = startedAt
    }

    /// Whole seconds left at `now`; the full wait until the first tick arrives.
    public func remaining(at now: Date?) -> Int {
        guard let startedAt, let now else { return seconds }
        return max(0, seconds - Int(now.timeIntervalSince(startedAt)))
    }
}
