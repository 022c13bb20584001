#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One desk per `--queue FILE.csv`: an exclusive `flock` on `people.csv.lock` beside the list, held while the desk
/// runs. The progress file is replaced whole by the one desk that has it; a second desk would rewrite it without
/// the first one's outcomes. The file says who holds it (`pid host`); the kernel drops the `flock` when the holder
/// ends, `kill -9` included, so a lock file left behind is taken by the next desk. It is never deleted: a desk
/// could lock the file just unlinked while a third made a new one.
public final class ListLock {
    /// `list` + `.lock`.
    public static func path(besideList list: String) -> String { list + ".lock" }

    private var descriptor: Int32

    /// Takes the lock at once or not at all (`LOCK_NB`: never waits, so it is safe on any thread).
    /// - Throws: ``ProgressFileError`` saying that another desk has the list open (with its pid and host), or why
    ///   the lock file cannot be opened.
    public init(list: String) throws(ProgressFileError) {
        let path = Self.path(besideList: list)
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ProgressFileError("\(path): cannot be opened to lock the list: \(String(cString: strerror(errno))).")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.holder(descriptor)
            close(descriptor)
            throw ProgressFileError("another desk has this list open\(holder.map { " (\($0))" } ?? ""); one list serves one desk, "
                                    + "and a second would overwrite its outcomes. For several desks on one list, load it into "
                                    + "PostgreSQL with tophhie enrol --load and start each desk with --queue postgresql://… --event "
                                    + "NAME (see docs/usage.md).")
        }
        // gethostname, not ProcessInfo.hostName, which may wait for DNS.
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count - 1)
        let owner = Array("\(getpid()) \(String(decoding: host.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self))\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = owner.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// `pid N on HOST` from the holder's lock file, when it says.
    private static func holder(_ descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        let words = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self).split(whereSeparator: \.isWhitespace) : []
        guard words.count == 2, Int32(words[0]) != nil else { return nil }
        return "pid \(words[0]) on \(words[1])"
    }

    /// Lets the next desk have the list (idempotent; deinit does it too).
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
