#if canImport(Glibc)
import Glibc
#endif

/// Where a file written whole "to a path" lands. A symbolic link is followed to the file it names, so the link
/// stays and its target gets the new contents (as `cp` and a shell's `>` do); a device or a FIFO (`/dev/null`, a
/// named pipe) is written in place, since renaming a new file over it would put a plain file where the device was.
public struct WriteDestination: Sendable, Equatable {
    /// The path written: `path` with its links followed (the last hop may not exist yet).
    public let path: String
    /// Whether it is a device or FIFO, opened and written as it is rather than replaced.
    public let inPlace: Bool

    /// - Parameter given: the path as given; links are followed up to 40 hops, as the kernel does.
    public init(_ given: String) {
        var resolved = given
        var status = stat()
        for _ in 0..<40 {
            guard lstat(resolved, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { break }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(resolved, &buffer, buffer.count - 1)
            guard length > 0 else { break }
            let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            resolved = target.hasPrefix("/") ? target : Self.folder(of: resolved) + "/" + target
        }
        path = resolved
        let kind = stat(resolved, &status) == 0 ? status.st_mode & S_IFMT : S_IFREG
        inPlace = kind == S_IFCHR || kind == S_IFIFO
    }

    /// Writes `bytes` to an ``inPlace`` destination: opened for writing as it is, nothing created or renamed.
    /// - Returns: the system's reason when it failed, else nil.
    public func writeInPlace(_ bytes: [UInt8]) -> String? {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return String(cString: strerror(errno)) }
            offset += written
        }
        return nil
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
