import Foundation
import OffPool
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The token cache file: one unified MSAL cache (JSON, mode 0600) shared with MSAL-based tools.
///
/// - Changes happen under `<path>.lockfile` (msal-extensions' protocol: exclusive create, retried for about
///   5 s; pid inside; deleted on release; a lock of a dead process is taken over).
/// - Writes go to a temporary file in the same folder (`<name>.tmp-<pid>-<random>`, 0600 whatever the
///   umask), which is fsynced and renamed over the cache, then the folder is fsynced: a process killed
///   mid-write leaves the old or the new file, never a mix. Leftover temporary files are removed by the
///   next write.
/// - A damaged file (not JSON, extra bytes after the JSON, truncated, a member of the wrong type) is moved
///   aside to `<name>.corrupt-<UTC yyyyMMdd'T'HHmmss'Z'>` (0600; `-1`, `-2`, … if taken), and the cache
///   starts empty with a one-line notice. It is never overwritten in place.
/// - An empty (or whitespace-only) file is an empty cache: nothing to rescue, so it is neither moved aside
///   nor reported (MSAL Python reads `""` as empty too); the next write replaces it.
/// - The file is parsed once and the parse reused while its identity (device, inode) and its mtime and size
///   stay the same: another program's write (a rename, or a write in place) changes one of them. A file
///   changed in the last 2 s is read every time (same-size writes within one kernel clock tick share an mtime).
///
/// `load()` and `update(_:)` block their thread (the lock wait, `fsync`): apps call them through
/// `TophhieAuth`, which runs them off Swift's cooperative pool; tools of their own may call them directly.
/// Source: docs/protocol.md §I1.6, §I1.7, traps T12 and T13; field case 019 (docs/field-cases.md).
public final class TokenCacheFile: Sendable {
    /// The cache file's path.
    public let path: String
    /// How long to wait for a live lock holder, in seconds.
    let lockTimeout: TimeInterval
    /// Fault injection for the durability tests only: microseconds to pause halfway through writing the
    /// data, so a kill lands mid-write.
    let writePause: UInt32
    /// The last parse and the file it came from.
    private let parsed = Mutex<(identity: FileIdentity, cache: MSALTokenCache)?>(nil)

    /// A cache file at `path` (created with its folder, 0700, on the first write).
    public convenience init(path: String) {
        self.init(path: path, lockTimeout: 5)
    }

    /// For the durability tests' writer process only: pauses `writePauseMicroseconds` halfway through
    /// writing each new file, so a kill lands mid-write.
    @_spi(Testing) public convenience init(path: String, writePauseMicroseconds: UInt32) {
        self.init(path: path, lockTimeout: 5, writePause: writePauseMicroseconds)
    }

    init(path: String, lockTimeout: TimeInterval, writePause: UInt32 = 0) {
        // A symlinked cache (dotfiles kept elsewhere) is written where it points, not replaced by a file.
        self.path = Self.followingLinks(path)
        self.lockTimeout = lockTimeout
        self.writePause = writePause
    }

    /// `$TOPHHIE_TOKEN_CACHE` when set and not empty, else
    /// `${XDG_STATE_HOME:-~/.local/state}/tophhie/msal_token_cache.json` (a relative `XDG_STATE_HOME` is
    /// ignored, as the XDG spec says).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let override = environment["TOPHHIE_TOKEN_CACHE"], !override.isEmpty { return override }
        let state: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            state = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            state = (home as NSString).appendingPathComponent(".local/state")
        }
        return (state as NSString).appendingPathComponent("tophhie/msal_token_cache.json")
    }

    /// `path`, or where its chain of symbolic links ends (even at a file that does not exist yet).
    static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<8 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = target.hasPrefix("/") ? target
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
        return current
    }

    /// The lock file's path: `<path>.lockfile`.
    var lockPath: String { path + ".lockfile" }

    /// Reads the cache for display, without the lock.
    ///
    /// A file that does not parse may be mid-write by a tool that writes in place (msal-extensions), so it
    /// is read again under the lock; only if it is still damaged then is it moved aside.
    /// - Returns: the cache (empty when the file is missing, empty, or was damaged) and a one-line notice
    ///   when a damaged file was moved aside.
    /// - Throws: ``TokenCacheError/io(_:)`` when the file exists but cannot be read or moved;
    ///   ``TokenCacheError/lockTimeout(path:)`` when a damaged file is locked by a live process.
    public func load() throws(TokenCacheError) -> (cache: MSALTokenCache, notice: String?) {
        do {
            return try load(cancellation: nil)
        } catch let error as TokenCacheError {
            throw error
        } catch {
            throw .io("\(error)")
        }
    }

    /// `load()`, whose lock wait (for a damaged file) ends when `cancellation` is set.
    /// - Throws: as `load()`, and `CancellationError`.
    func load(cancellation: OffPoolWork.Cancellation?) throws -> (cache: MSALTokenCache, notice: String?) {
        let exposed = tightenPermissions()
        do {
            return (try readParsed() ?? MSALTokenCache(), exposed)
        } catch {
            guard case .malformed = error else { throw error }
        }
        let lock = try CacheLock.acquire(path: lockPath, timeout: lockTimeout, cancellation: cancellation)
        let result = Result { () throws(TokenCacheError) in try readMovingAside() }
        lock.release()
        return try result.get()
    }

    /// The cache as it reads now, never waiting for the lock, for synchronous callers that may be on Swift's
    /// cooperative pool: a damaged file reads as empty here, and the next `load(cancellation:)` or `update` moves
    /// it aside under the lock and says so.
    /// - Throws: ``TokenCacheError`` (`io`) when the file cannot be read at all.
    func peek() throws(TokenCacheError) -> (cache: MSALTokenCache, notice: String?) {
        let exposed = tightenPermissions()
        do {
            return (try readParsed() ?? MSALTokenCache(), exposed)
        } catch {
            guard case .malformed = error else { throw error }
            return (MSALTokenCache(), exposed)
        }
    }

    /// Changes the cache under the lock: reads it (moving a damaged file aside), runs `body`, and when the
    /// cache changed (or reading collapsed duplicate entries) writes it atomically.
    /// - Parameter body: edits the cache; when it throws, nothing is written and the error is rethrown.
    /// - Returns: `body`'s value and the notice about a damaged file, if one was moved aside.
    /// - Throws: ``TokenCacheError`` (`lockTimeout`, `io`) or `body`'s error.
    /// - Important: do no network I/O in `body`; other processes wait for the lock meanwhile (5 s at most).
    public func update<T>(_ body: (inout MSALTokenCache) throws -> T) throws -> (value: T, notice: String?) {
        try update(cancellation: nil, body)
    }

    /// `update(_:)`, whose lock wait ends when `cancellation` is set (nothing is changed then).
    /// - Throws: as `update(_:)`, and `CancellationError`.
    func update<T>(cancellation: OffPoolWork.Cancellation?, _ body: (inout MSALTokenCache) throws -> T) throws
        -> (value: T, notice: String?) {
        try makeFolder()
        let lock = try CacheLock.acquire(path: lockPath, timeout: lockTimeout, cancellation: cancellation)
        let result = Result { () throws -> (value: T, notice: String?) in
            let (cache, notice) = try readMovingAside()
            var changed = cache
            let value = try body(&changed)
            if changed != cache || cache.collapsedDuplicates {
                try writeAtomically(changed.serialized())
                // Just written: not settled, so the next read reads it (another program may write right after).
                parsed.withLock { $0 = nil }
            }
            return (value, notice)
        }
        lock.release()
        return try result.get()
    }

    // MARK: Reading

    /// A cache others can read holds their way into the account: made 0600 at once, and said.
    /// - Returns: the notice when the mode was wider than 0600.
    private func tightenPermissions() -> String? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & 0o077 != 0 else { return nil }
        let was = String(status.st_mode & 0o777, radix: 8)
        guard chmod(path, 0o600) == 0 else { return "The token cache \(path) is readable by others (mode \(was)) and could not be made 0600." }
        return "The token cache \(path) was readable by others (mode \(was)); it is now 0600. Anyone who read it could use its tokens."
    }

    /// The bytes of the open file, from where its offset is to the end.
    private func readAll(_ descriptor: Int32) throws(TokenCacheError) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                return data
            } else if errno != EINTR {
                throw Self.failure("cannot read", path, errno)
            }
        }
    }

    /// The file parsed; nil when it does not exist. The last parse is reused while the file is the same.
    /// - Throws: ``TokenCacheError/malformed(_:)`` for a damaged file (not remembered), `io`.
    private func readParsed() throws(TokenCacheError) -> MSALTokenCache? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT {
                parsed.withLock { $0 = nil }
                return nil
            }
            throw Self.failure("cannot open", path, error)
        }
        defer { close(descriptor) }
        let identity = FileIdentity(descriptor: descriptor)
        if let identity, let known = parsed.withLock({ $0 }), known.identity == identity { return known.cache }
        let data = try readAll(descriptor)
        let cache: MSALTokenCache
        do {
            cache = try MSALTokenCache(json: data)
        } catch {
            if case .malformed = error { throw error }
            throw .malformed("\(error)")
        }
        // A parse is remembered only once its file has settled (see `FileIdentity.settleTime`).
        let settled = identity.flatMap { $0.isSettled(now: Date().timeIntervalSince1970) ? $0 : nil }
        parsed.withLock { $0 = settled.map { ($0, cache) } }
        return cache
    }

    /// Reads the file; a damaged one is moved aside. Call with the lock held.
    private func readMovingAside() throws(TokenCacheError) -> (cache: MSALTokenCache, notice: String?) {
        do {
            return (try readParsed() ?? MSALTokenCache(), nil)
        } catch {
            guard case .malformed(let detail) = error else { throw error }
            let aside = try moveAside()
            return (MSALTokenCache(), "The token cache \(path) was damaged (\(detail)); it was moved to \(aside) and you are signed out.")
        }
    }

    /// Renames the cache to `<path>.corrupt-<UTC time>` and makes it 0600. - Returns: the new path.
    private func moveAside() throws(TokenCacheError) -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let stamp = String(format: "%04d%02d%02dT%02d%02d%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                           Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        var aside = "\(path).corrupt-\(stamp)"
        var suffix = 1
        while access(aside, F_OK) == 0 {
            aside = "\(path).corrupt-\(stamp)-\(suffix)"
            suffix += 1
        }
        guard rename(path, aside) == 0 else { throw Self.failure("cannot move aside", path, errno) }
        chmod(aside, 0o600)
        return aside
    }

    // MARK: Writing

    private var folder: String { (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent }
    private var name: String { (path as NSString).lastPathComponent }

    private func makeFolder() throws(TokenCacheError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io("cannot create the folder \(folder)")
        }
    }

    /// Replaces the cache with `data`: temporary file (0600), fsync, rename, fsync of the folder.
    /// Call with the lock held: it also deletes temporary files left by killed writers.
    private func writeAtomically(_ data: Data) throws(TokenCacheError) {
        let prefix = "\(name).tmp-"
        for leftover in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where leftover.hasPrefix(prefix) {
            unlink((folder as NSString).appendingPathComponent(leftover))
        }
        let temporary = (folder as NSString).appendingPathComponent("\(prefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure("cannot create", temporary, errno) }
        var closed = false
        do throws(TokenCacheError) {
            let pause = writePause
            let failed: Int32 = data.withUnsafeBytes { bytes in
                var offset = 0
                var paused = pause == 0
                while offset < bytes.count {
                    if !paused && offset >= bytes.count / 2 {
                        usleep(pause)
                        paused = true
                    }
                    let end = paused ? bytes.count : bytes.count / 2
                    let count = write(descriptor, bytes.baseAddress.map { $0 + offset }, end - offset)
                    if count < 0 {
                        if errno == EINTR { continue }
                        return errno
                    }
                    offset += count
                }
                return 0
            }
            guard failed == 0 else { throw Self.failure("cannot write", temporary, failed) }
            guard fsync(descriptor) == 0 else { throw Self.failure("cannot fsync", temporary, errno) }
            closed = true
            guard close(descriptor) == 0 else { throw Self.failure("cannot close", temporary, errno) }
            guard rename(temporary, path) == 0 else { throw Self.failure("cannot rename onto", path, errno) }
        } catch {
            if !closed { close(descriptor) }
            unlink(temporary)
            throw error
        }
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    private static func failure(_ action: String, _ path: String, _ error: Int32) -> TokenCacheError {
        .io("\(action) \(path): \(String(cString: strerror(error)))")
    }
}
