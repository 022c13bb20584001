import Foundation
import OffPool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cross-process lock of msal-extensions, MSAL Node extensions and Azure CLI: `<cache>.lockfile`,
/// created exclusively (retrying for a while), holding `"<pid> <program>"`, deleted on release.
///
/// The holder also keeps an exclusive `flock` on it (as msal-extensions does with `portalocker`). A lock
/// left by a process that no longer exists (`kill(pid, 0)` gives `ESRCH`) and that nobody `flock`s is taken
/// over; a lock file with no pid that nobody `flock`s counts as stale once it is 2 s old (its writer died between
/// creating it and writing its pid: a live writer `flock`s it microseconds after creating it). At 10 s, longer than
/// the 5 s lock timeout, a writer killed in that gap made the next update fail.
/// Source: docs/protocol.md §I1.6, trap T13; field case 019 (docs/field-cases.md).
struct CacheLock: ~Copyable {
    let path: String
    private let descriptor: Int32
    private let device: UInt64
    private let inode: UInt64

    /// Takes the lock, polling every 10–40 ms.
    /// - Important: blocks its thread while another program holds the lock: call it off the cooperative
    ///   pool (``OffPoolWork``), or from a program of its own (the `token-cache-writer` test helper).
    /// - Parameter cancellation: looked at between tries; when set, the wait ends.
    /// - Throws: ``TokenCacheError/lockTimeout(path:)`` when a live holder keeps it for `timeout` seconds;
    ///   ``TokenCacheError/io(_:)`` when the lock file cannot be created (e.g. the folder is missing);
    ///   `CancellationError` once `cancellation` is set.
    static func acquire(path: String, timeout: TimeInterval, cancellation: OffPoolWork.Cancellation? = nil) throws -> CacheLock {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if cancellation?.isCancelled == true { throw CancellationError() }
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                if let lock = claim(descriptor, path: path, deadline: deadline, cancellation: cancellation) { return lock }
                if cancellation?.isCancelled == true { throw CancellationError() }
                throw TokenCacheError.lockTimeout(path: path)
            }
            let error = errno
            guard error == EEXIST else { throw TokenCacheError.io("cannot create \(path): \(String(cString: strerror(error)))") }
            if takeOverIfStale(path) { continue }
            guard Date() < deadline else { throw TokenCacheError.lockTimeout(path: path) }
            usleep(UInt32.random(in: 10_000...40_000))
        }
    }

    private init(path: String, descriptor: Int32, device: UInt64, inode: UInt64) {
        self.path = path
        self.descriptor = descriptor
        self.device = device
        self.inode = inode
    }

    /// `flock`s the freshly created file and writes the pid; nil (file removed) when another program holds
    /// a `flock` on it until the deadline or the wait is cancelled.
    private static func claim(_ descriptor: Int32, path: String, deadline: Date, cancellation: OffPoolWork.Cancellation?) -> CacheLock? {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard Date() < deadline, cancellation?.isCancelled != true else {
                unlink(path)
                close(descriptor)
                return nil
            }
            usleep(10_000)
        }
        let owner = Array("\(getpid()) \(ProcessInfo.processInfo.processName)\n".utf8)
        _ = owner.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        var status = stat()
        fstat(descriptor, &status)
        return CacheLock(path: path, descriptor: descriptor, device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Removes the lock file at `path` when its holder is gone. Returns true when the path may now be free.
    private static func takeOverIfStale(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        let content = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        if let word = content.split(whereSeparator: \.isWhitespace).first, let pid = pid_t(word) {
            guard pid > 0, kill(pid, 0) != 0, errno == ESRCH else { return false }
        } else {
            guard time(nil) - status.st_mtim.tv_sec > 2 else { return false }
        }
        // A live holder keeps its flock; whoever gets it first, and still finds this very file at the
        // path, removes it. Everyone else sees another file there and waits.
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        var current = stat()
        guard stat(path, &current) == 0, current.st_dev == status.st_dev, current.st_ino == status.st_ino else { return false }
        unlink(path)
        return true
    }

    /// Ends the hold now (deinit deletes the lock file, when it is still ours, and drops the flock).
    consuming func release() {}

    /// Deletes the lock file when the path still names the file this lock created, then closes it.
    deinit {
        var current = stat()
        if stat(path, &current) == 0, UInt64(current.st_dev) == device, UInt64(current.st_ino) == inode {
            unlink(path)
        }
        close(descriptor)
    }
}
