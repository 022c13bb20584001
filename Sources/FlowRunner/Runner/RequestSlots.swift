import ScenarioFiles
import Synchronization

/// Runs requests in keyed slots: a new request cancels the one in its own slot only, and the answer of a
/// request that was replaced or cancelled is dropped. The start-up restore and the user's first request
/// run in different slots, so neither cancels the other.
final class RequestSlots<Key: Hashable & Sendable, Answer: Sendable>: Sendable {
    private struct Request {
        var task: Task<Void, Never>
        var generation: Int
    }

    private struct State {
        var requests: [Key: Request] = [:]
        /// Bumped on every start, so a late answer of a replaced request is told apart.
        var generation = 0
    }

    private let state = Mutex(State())
    private let send: @Sendable (Answer) -> Void

    /// - Parameter send: receives each answer of a request still current, on the task that produced it.
    init(send: @escaping @Sendable (Answer) -> Void) { self.send = send }

    /// Starts `work` in `key`'s slot, cancelling what ran there. A nil answer (or a thrown error) sends nothing.
    /// `ended` runs when the request is over, after its answer was sent, or with none.
    func start(_ key: Key, ended: @escaping @Sendable () -> Void = {}, _ work: @escaping @Sendable () async throws -> Answer?) {
        state.withLock { state in
            state.requests[key]?.task.cancel()
            state.generation += 1
            let generation = state.generation
            let task = Task { [self] in
                let answer = try? await work()
                let current = self.state.withLock { state -> Bool in
                    guard state.requests[key]?.generation == generation else { return false }
                    state.requests[key] = nil
                    return true
                }
                if current, let answer { self.send(answer) }
                ended()
            }
            state.requests[key] = Request(task: task, generation: generation)
        }
    }

    /// Cancels the request in `key`'s slot; it answers nothing.
    func cancel(_ key: Key) {
        state.withLock { $0.requests.removeValue(forKey: key)?.task.cancel() }
    }

    /// Cancels every request.
    func cancelAll() {
        state.withLock { state in
            state.requests.values.forEach { $0.task.cancel() }
            state.requests = [:]
        }
    }
}
