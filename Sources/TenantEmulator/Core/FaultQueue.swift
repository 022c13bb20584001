import Foundation
import Synchronization

/// Faults waiting to be applied, first queued first used. Thread-safe.
final class FaultQueue: @unchecked Sendable {
    // @unchecked: `faults` is only touched under `lock`.
    private let lock = AdaptiveLock()
    private var faults: [Fault] = [] {
        didSet { isEmpty.store(faults.isEmpty, ordering: .releasing) }
    }
    /// Read without the lock: every request asks for a fault, and almost always there is none.
    private let isEmpty = Atomic<Bool>(true)

    func add(_ fault: Fault) {
        lock.lock()
        faults.append(fault)
        lock.unlock()
    }

    func removeAll() {
        lock.lock()
        faults.removeAll()
        lock.unlock()
    }

    var pending: [Fault] {
        lock.lock()
        defer { lock.unlock() }
        return faults
    }

    /// Takes one use of the first fault matching `path` (compared case-insensitively), or `*` when `wildcard`.
    func take(for path: String, wildcard: Bool = true) -> Fault? {
        guard !isEmpty.load(ordering: .acquiring) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let index = faults.firstIndex(where: { $0.endpoint.lowercased() == path.lowercased() || (wildcard && $0.endpoint == "*") }) else {
            return nil
        }
        let fault = faults[index]
        faults[index].count -= 1
        if faults[index].count <= 0 { faults.remove(at: index) }
        return fault
    }
}
