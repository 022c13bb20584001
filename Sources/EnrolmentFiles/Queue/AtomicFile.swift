#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file's contents whole: written to a temporary file beside it (mode 0600), `fsync`ed, renamed
/// over it, and the folder `fsync`ed, so a reader (or a console killed with `kill -9` and started again) finds
/// either the old contents or the new, never a part.
///
/// - Important: blocking (the disk); call it off Swift's cooperative pool (``AtomicFileWriter``).
enum AtomicFile {
    /// - Parameter path: followed to its ``WriteDestination`` (a link's target; a device written in place).
    /// - Throws: ``ProgressFileError`` with the system's reason; the file is then as it was.
    static func replace(_ given: String, with bytes: [UInt8]) throws(ProgressFileError) {
        let destination = WriteDestination(given)
        if destination.inPlace {
            if let why = destination.writeInPlace(bytes) { throw ProgressFileError("cannot write \(given): \(why).") }
            return
        }
        let path = destination.path
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ProgressFileError("cannot write \(temporary): \(reason()).") }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let why = reason()
                close(descriptor)
                unlink(temporary)
                throw ProgressFileError("cannot write \(temporary): \(why).")
            }
            offset += written
        }
        guard fchmod(descriptor, 0o600) == 0, fsync(descriptor) == 0 else {
            let why = reason()
            close(descriptor)
            unlink(temporary)
            throw ProgressFileError("cannot flush \(temporary) to disk: \(why).")
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let why = reason()
            unlink(temporary)
            throw ProgressFileError("cannot replace \(path): \(why).")
        }
        // The rename itself reaches the disk with the folder.
        let folder = open(WriteDestination.folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
    }

    /// The whole file, or nil when there is none.
    /// - Throws: ``ProgressFileError`` when it is there but cannot be read.
    static func contents(of path: String) throws(ProgressFileError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw ProgressFileError("cannot open \(path): \(reason()).")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw ProgressFileError("cannot read \(path): \(reason()).") }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
