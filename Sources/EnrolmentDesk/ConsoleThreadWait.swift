import Dispatch
import SharedQueue
import Synchronization

/// The console's own thread (never one of Swift's cooperative pool) waiting for a shared queue's call: the
/// call's libpq work runs on a thread of its own (``SharedQueue``), so the wait holds no pool thread.
enum ConsoleThreadWait {
    /// `work`'s value, waited for on the calling thread, which must be the console's.
    static func value<T: Sendable>(_ work: @escaping @Sendable () async throws(DatabaseError) -> T) throws(DatabaseError) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<T, DatabaseError>?>(nil)
        Task.detached {
            let outcome: Result<T, DatabaseError>
            do throws(DatabaseError) {
                outcome = .success(try await work())
            } catch {
                outcome = .failure(error)
            }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        // Set before the signal.
        return try result.withLock { $0! }.get()
    }
}
