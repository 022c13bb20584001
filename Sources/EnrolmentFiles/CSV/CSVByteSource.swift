#if canImport(Glibc)
import Glibc
#endif

/// Where ``CSVReader`` takes its bytes from, a chunk at a time: an open file, or bytes in memory (tests).
final class CSVByteSource {
    private enum Origin {
        case file(Int32)
        case memory([UInt8], offset: Int)
    }

    private var origin: Origin
    private let chunkSize: Int

    /// Opens `path` for reading.
    /// - Throws: ``CSVError`` with the system's reason (`No such file or directory`).
    init(path: String, chunkSize: Int) throws(CSVError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CSVError(message: "cannot open \(path): \(String(cString: strerror(errno))).") }
        origin = .file(fd)
        self.chunkSize = chunkSize
    }

    init(bytes: [UInt8], chunkSize: Int) {
        origin = .memory(bytes, offset: 0)
        self.chunkSize = chunkSize
    }

    deinit {
        if case .file(let fd) = origin { close(fd) }
    }

    /// Replaces `buffer` with the next chunk; returns false at the end of the bytes.
    /// - Throws: ``CSVError`` when the file cannot be read (a folder, an I/O error).
    func read(into buffer: inout [UInt8]) throws(CSVError) -> Bool {
        switch origin {
        case .memory(let bytes, let offset):
            guard offset < bytes.count else { return false }
            let end = min(offset + chunkSize, bytes.count)
            buffer = Array(bytes[offset..<end])
            origin = .memory(bytes, offset: end)
            return true
        case .file(let fd):
            if buffer.count != chunkSize { buffer = [UInt8](repeating: 0, count: chunkSize) }
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, chunkSize) }
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { throw CSVError(message: "cannot read the file: \(String(cString: strerror(errno))).") }
                if count < chunkSize { buffer.removeSubrange(count...) }
                return count > 0
            }
        }
    }
}
