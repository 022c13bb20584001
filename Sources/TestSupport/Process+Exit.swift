import Foundation

extension Process {
    /// Starts the process and suspends until it exits: Foundation's termination handler resumes the caller, so
    /// no thread waits (unlike `waitUntilExit()`, which would hold a cooperative thread for the child's life).
    /// - Throws: what `run()` throws when the program cannot start.
    /// - Important: a child that writes more than a pipe holds (64 KiB) to an unread `Pipe` never exits; read
    ///   such output while it runs, or send it to a file.
    public func runUntilExit() async throws {
        try await withCheckedThrowingContinuation { (ended: CheckedContinuation<Void, Error>) in
            terminationHandler = { _ in ended.resume() }
            do {
                try run()
            } catch {
                terminationHandler = nil
                ended.resume(throwing: error)
            }
        }
    }

    /// Suspends until a process already started exits (its termination handler must not be set elsewhere).
    public func exited() async {
        await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
            let once = OnceFlag()
            terminationHandler = { _ in if once.claim() { ended.resume() } }
            // It may have ended before the handler was set; then the handler is never called.
            if !isRunning, once.claim() { ended.resume() }
        }
    }
}

/// True for the first caller of ``claim()`` only.
final class OnceFlag: @unchecked Sendable {
    // @unchecked: `claimed` is only read and written with `lock` held.
    private let lock = NSLock()
    private var claimed = false

    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        defer { claimed = true }
        return !claimed
    }
}
