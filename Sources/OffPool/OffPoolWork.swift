import Dispatch
import Synchronization

/// The one bridge from async code to blocking work (a file lock, `fsync`, a process wait, libcurl, IMAP, a server's
/// drain): it runs on a Dispatch queue's thread, never on Swift's cooperative pool, while the awaiting task suspends.
/// Cancelling that task calls `onCancel` (abort a transfer) or sets the ``Cancellation`` the work was given (the token
/// cache's lock wait looks at it between tries and ends with `CancellationError`); work that does not look finishes,
/// so a cancelled write never leaves half a change.
public enum OffPoolWork {
    /// Set when the task awaiting the work is cancelled.
    public final class Cancellation: Sendable {
        private let flag = Atomic<Bool>(false)
        /// Whether the awaiting task was cancelled.
        public var isCancelled: Bool { flag.load(ordering: .acquiring) }
        func cancel() { flag.store(true, ordering: .releasing) }
    }

    /// `work`'s value or error, computed on `queue` (a serial queue keeps its own order of writes).
    /// - Throws: what `work` throws, with its own type.
    public static func run<T: Sendable, Failure: Error>(on queue: DispatchQueue = .global(qos: .userInitiated),
                                                        onCancel: @escaping @Sendable () -> Void = {},
                                                        _ work: @escaping @Sendable () throws(Failure) -> T) async throws(Failure) -> T {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, Failure>, Never>) in
                queue.async { continuation.resume(returning: Result { () throws(Failure) in try work() }) }
            }
        } onCancel: {
            onCancel()
        }
        return try result.get()
    }

    /// `work`'s value or error, given a ``Cancellation`` to look at while it waits.
    /// - Throws: what `work` throws (`CancellationError` when it saw the cancellation).
    public static func cancellable<T: Sendable>(_ work: @escaping @Sendable (Cancellation) throws -> T) async throws -> T {
        let cancellation = Cancellation()
        return try await run(onCancel: cancellation.cancel) { try work(cancellation) }
    }
}
