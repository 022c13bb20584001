import Synchronization

/// A wake-up a test can await with a deadline: `signal()` from any thread; `next(before:)` returns at the first
/// signal since the last return, or at the deadline. Signals in between are one wake-up.
final class PostSignal: Sendable {
    private struct State {
        var pending = false
        var waiter: CheckedContinuation<Void, Never>?
    }
    private let state = Mutex(State())

    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else { state.pending = true; return nil }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Suspends until a signal, or until `deadline` (a timer task resumes the wait then).
    func next(before deadline: ContinuousClock.Instant) async {
        let timer = Task { [weak self] in
            guard (try? await Task.sleep(until: deadline)) != nil else { return }  // cancelled: a signal came first
            self?.signal()
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.pending { state.pending = false; return true }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        timer.cancel()
    }
}
