import Dispatch
import Synchronization

/// Runs blocking token-cache work (waiting for `<cache>.lockfile`, reading, `fsync`, rename) on a Dispatch
/// global queue thread, never on Swift's cooperative pool, the way `CurlTransport` runs libcurl.
///
/// Cancelling the awaiting task sets the ``Cancellation`` the work was given; the lock wait looks at it
/// between tries and ends with `CancellationError`. Work already past the lock (a write) finishes, so a
/// cancelled update never leaves half a change.
package enum OffPoolWork {
    /// Set when the task awaiting the work is cancelled.
    package final class Cancellation: Sendable {
        private let flag = Atomic<Bool>(false)
        package var isCancelled: Bool { flag.load(ordering: .acquiring) }
        func cancel() { flag.store(true, ordering: .releasing) }
    }

    /// `work`'s value or error, computed on a thread of its own.
    /// - Throws: what `work` throws (`CancellationError` when it saw the cancellation).
    package static func run<T: Sendable>(_ work: @escaping @Sendable (Cancellation) throws -> T) async throws -> T {
        let cancellation = Cancellation()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, any Error>, Never>) in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(returning: Result { try work(cancellation) })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
        return try result.get()
    }
}
