import Dispatch
import OffPool
import Synchronization

/// One file replaced whole (``AtomicFile``) each time its contents change, on a serial Dispatch queue of its own:
/// the disk never holds up Swift's cooperative pool nor the console's screen, and replacements land in the
/// order they were asked for.
public final class AtomicFileWriter: Sendable {
    /// The file's path, for messages.
    public let path: String
    private let queue: DispatchQueue
    private let failures = Mutex<[ProgressFileError]>([])

    /// A writer for `path` (nothing is written until the first ``replace(with:)``).
    public init(path: String) {
        self.path = path
        queue = DispatchQueue(label: "tophhie.atomic-file")
    }

    /// Replaces the file with what `make` returns, later, on the writer's queue (a report of 100 000 rows is
    /// made there too, not on the caller's thread); a failure is kept for ``drain()``.
    public func replaceSoon(making make: @escaping @Sendable () -> [UInt8]) {
        queue.async {
            do throws(ProgressFileError) {
                try self.replaceNow(with: make())
            } catch {
                self.failures.withLock { $0.append(error) }
            }
        }
    }

    /// Replaces the file with `bytes` and returns once it is on disk.
    /// - Throws: ``ProgressFileError`` with the system's reason; the file is then as it was.
    public func replace(with bytes: [UInt8]) async throws(ProgressFileError) {
        try await OffPoolWork.run(on: queue) { () throws(ProgressFileError) in try self.replaceNow(with: bytes) }
    }

    /// On the writer's queue: the message names the file, for the desk's exit summary.
    private func replaceNow(with bytes: [UInt8]) throws(ProgressFileError) {
        do throws(AtomicFile.WriteError) {
            try AtomicFile.replace(path, with: bytes)
        } catch {
            throw ProgressFileError("cannot write \(path): \(error.reason).")
        }
    }

    /// Returns once every replacement asked for so far is done (or failed), without holding a pool thread.
    public func written() async {
        await OffPoolWork.run(on: queue) {}
    }

    /// Waits for every replacement asked for so far, and returns the failures since the last call. Blocking:
    /// for the console's own thread at exit, never the cooperative pool.
    public func drain() -> [ProgressFileError] {
        queue.sync {}
        return failures.withLock { failures in
            defer { failures.removeAll() }
            return failures
        }
    }
}
