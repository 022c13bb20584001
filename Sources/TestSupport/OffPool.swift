import Foundation

/// Runs blocking or CPU-heavy test work (a synchronous cache update, parsing a large file, a request that blocks on
/// a password hash) on a thread of its own and suspends until it is done, so it does not hold one of the
/// cooperative pool's two threads. Record expectations on the caller's side, from what `work` returns.
/// - Throws: what `work` throws.
public func offPool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { (done: CheckedContinuation<Value, any Error>) in
        Thread.detachNewThread { done.resume(with: Swift.Result { try work() }) }
    }
}
