import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one way a file is written whole: to a temporary file beside it created 0600 (it may hold secrets: a HAR,
/// a recorded scenario, a report), `fsync`ed, renamed over it, and the folder `fsync`ed, so a reader (or a
/// console killed with `kill -9` and started again) finds either the old contents or the new, never a part.
///
/// - Important: blocking (the disk); call it off Swift's cooperative pool (``AtomicFileWriter``, `OffPoolWork`).
public enum AtomicFile {
    /// Why a file could not be written, in the system's words (`Permission denied`, `No space left on device`),
    /// short enough for a status line.
    public struct WriteError: LocalizedError, Equatable, CustomStringConvertible {
        public let reason: String
        public var errorDescription: String? { reason }
        public var description: String { reason }

        /// Memberwise.
        public init(reason: String) { self.reason = reason }

        /// The reason for the current `errno`.
        static func current() -> WriteError { WriteError(reason: AtomicFile.reason()) }
    }

    /// Replaces `given` with `bytes`.
    /// - Parameter given: followed to its ``WriteDestination`` (a link's target; a device or FIFO written in place,
    ///   so `--junit /dev/null` discards rather than replaces the device).
    /// - Throws: ``WriteError`` with the system's reason; the file is then as it was and nothing is left beside it.
    public static func replace(_ given: String, with bytes: [UInt8]) throws(WriteError) {
        let destination = WriteDestination(given)
        if destination.inPlace {
            if let reason = destination.writeInPlace(bytes) { throw WriteError(reason: reason) }
            return
        }
        let path = destination.path
        let folder = WriteDestination.folder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        // mkstemp: a fresh name (two writers never share one) created 0600 with O_EXCL (no link followed).
        var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { throw .current() }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: WriteError?
        var offset = 0
        while failure == nil, offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { failure = .current() } else { offset += written }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = .current() }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = .current() }
        if let failure {
            unlink(temporary)
            throw failure
        }
        // The rename itself reaches the disk with the folder.
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
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
