/// Waits between retries and reset polls. Injectable so tests do not sleep.
public typealias Sleeper = @Sendable (_ seconds: Double) async throws -> Void

/// The real sleeper: `Task.sleep`, cancellable.
public let taskSleeper: Sleeper = { seconds in
    try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
}
