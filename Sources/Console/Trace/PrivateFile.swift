import EnrolmentFiles
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files that only the user can read, atomically: a temporary file created 0600 in the same
/// folder, then renamed over the target, so a reader never sees half a file. A link is followed and a device or
/// FIFO written in place (``WriteDestination``): `--junit /dev/null` discards, it does not replace the device.
enum PrivateFile {
    /// Why a write failed, as the system says it (`Permission denied`, `No space left on device`).
    struct WriteError: LocalizedError, Equatable {
        let reason: String
        var errorDescription: String? { reason }

        /// The reason for the current `errno`.
        static func current() -> WriteError { WriteError(reason: String(cString: strerror(errno))) }
    }

    /// - Throws: ``WriteError`` with the system's reason; nothing is left behind at `path` or beside it.
    static func write(_ data: Data, to given: String) throws {
        let destination = WriteDestination(given)
        if destination.inPlace {
            if let reason = destination.writeInPlace(Array(data)) { throw WriteError(reason: reason) }
            return
        }
        let path = destination.path
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var template = Array("\(folder)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw WriteError.current() }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: WriteError?
        if fchmod(fd, 0o600) != 0 { failure = .current() }
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while failure == nil, offset < bytes.count {
                let written = Glibc.write(fd, base + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { failure = .current() } else { offset += written }
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = .current() }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = .current() }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }
}
