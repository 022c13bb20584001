#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path named when it was read, and which version of it: device, inode, mtime (ns) and
/// size. A rename over the path changes the inode; a write in place changes the mtime or the size.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
    let size: Int64

    /// Seconds an mtime must be in the past before two versions of the file can be told apart by it: the
    /// kernel stamps writes with a coarse clock (a timer tick), so two same-size writes in place within one
    /// tick look alike. Like git's "racily clean" rule, a file changed this recently is read again.
    static let settleTime: Double = 2

    /// True when the file was last changed long enough before `now` that a later change will show.
    func isSettled(now: Double) -> Bool {
        Double(modifiedSeconds) + Double(modifiedNanoseconds) / 1e9 < now - Self.settleTime
    }

    /// The identity of an open file; nil when `fstat` fails.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The identity of the file at `path` now; nil when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    private init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        modifiedSeconds = Int(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
        size = Int64(status.st_size)
    }
}
