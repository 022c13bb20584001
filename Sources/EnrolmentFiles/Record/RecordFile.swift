import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
import OffPool
#endif

/// The enrolment record on disk: appends one chained line per finished person (``RecordChain``), in a file
/// of mode 0600, each line written whole with `O_APPEND` and `fsync`ed before ``append(_:)`` returns.
///
/// - Important: the write and the `fsync` block for as long as the disk takes, so they run on this file's own
///   serial Dispatch queue, never on Swift's cooperative pool; appends are written in the order they were made.
public final class RecordFile: Sendable {
    /// The open file and where its chain stands.
    private struct Tail {
        var descriptor: Int32
        var seq: Int
        var prev: String
    }

    /// The file's path, for messages.
    public let path: String
    private let tail: Mutex<Tail>
    private let queue: DispatchQueue

    /// Opens (or creates) the record at `path`, mode 0600, and finds where its chain stands (blocking: call it
    /// before the console starts, or off the pool).
    /// - Throws: ``RecordFileError/io(_:)`` when it cannot be opened or read; ``RecordFileError/notARecord(_:)``
    ///   when it holds something else, or a chain that ``RecordChain/verify(_:)`` finds broken (appending would
    ///   hide that).
    public init(path: String) throws(RecordFileError) {
        self.path = path
        let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .io("cannot open \(path): \(String(cString: strerror(errno))).") }
        var start = Tail(descriptor: descriptor, seq: 0, prev: RecordChain.genesis)
        do throws(RecordFileError) {
            let bytes = try Self.readAll(descriptor)
            if !bytes.isEmpty {
                switch try RecordChain.verify(bytes) {
                case .intact(let lines, let head):
                    start.seq = lines
                    start.prev = head
                case .broken(_, let reason):
                    throw .notARecord("\(path) is broken (\(reason)); start a new record file.")
                }
            }
            // Made private once it is known to be a record: a file refused (the list, a report) keeps its mode.
            guard fchmod(descriptor, 0o600) == 0 else {
                throw .io("cannot make \(path) private (mode 0600): \(String(cString: strerror(errno))).")
            }
        } catch {
            close(descriptor)
            throw error
        }
        tail = Mutex(start)
        queue = DispatchQueue(label: "tophhie.enrolment-record")
    }

    deinit {
        _ = tail.withLock { close($0.descriptor) }
    }

    /// Appends `entry` as the next line and `fsync`s the file.
    /// - Returns: the line as written (without its line feed).
    /// - Throws: ``RecordFileError/io(_:)`` with the system's reason; the chain then stands where it was.
    @discardableResult
    public func append(_ entry: RecordEntry) async throws(RecordFileError) -> String {
        try await OffPoolWork.run(on: queue) { () throws(RecordFileError) in try self.tail.withLock { tail in Self.write(entry, at: &tail) }.get() }
    }

    /// Appends `entry` as ``append(_:)`` does and hands `done` the line or the error, on this file's queue: no
    /// step needs Swift's cooperative pool, so a thread may block until `done` has run (the console's exit does).
    public func append(_ entry: RecordEntry, then done: @escaping @Sendable (Result<String, RecordFileError>) -> Void) {
        queue.async { done(self.tail.withLock { tail in Self.write(entry, at: &tail) }) }
    }

    private static func write(_ entry: RecordEntry, at tail: inout Tail) -> Result<String, RecordFileError> {
        let line = RecordChain.line(entry, seq: tail.seq + 1, prev: tail.prev)
        let bytes = Array((line + "\n").utf8)
        // One write with O_APPEND: the line lands whole at the end, or the call fails.
        let written = bytes.withUnsafeBytes { Glibc.write(tail.descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            let reason = written < 0 ? String(cString: strerror(errno)) : "short write"
            return .failure(.io("cannot append to the record: \(reason)."))
        }
        guard fsync(tail.descriptor) == 0 else { return .failure(.io("cannot flush the record to disk: \(String(cString: strerror(errno))).")) }
        tail.seq += 1
        tail.prev = RecordChain.hash(line)
        return .success(line)
    }

    private static func readAll(_ descriptor: Int32) throws(RecordFileError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .io("cannot read the record: \(String(cString: strerror(errno))).") }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// The record file's bytes, for `record verify`.
    /// - Throws: ``RecordFileError/io(_:)`` when it cannot be opened or read.
    public static func contents(of path: String) throws(RecordFileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io("cannot open \(path): \(String(cString: strerror(errno))).") }
        defer { close(descriptor) }
        return try readAll(descriptor)
    }
}
