/// Awaits a condition that another thread, process or server will make true: re-checks it on an async timer,
/// so no thread is held while waiting (the cooperative pool has two threads on a 2-core machine).
///
/// Waits for something to happen, never to prove that something did not: for that, wait for the event
/// that would follow it.
/// - Parameters:
///   - timeout: how long the event may take (one request's worth; keep it at 30 s or less).
///   - interval: how often to re-check.
///   - condition: checked at once, then after each interval.
/// - Returns: whether `condition` held before `timeout` passed (it is checked one last time then).
@discardableResult
public func eventually(timeout: Duration = .seconds(10), interval: Duration = .milliseconds(20),
                       _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return try await condition()
}
