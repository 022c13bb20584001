#if canImport(Glibc)
import Glibc
#endif

/// Where ``CSVReader`` takes its bytes from, a chunk at a time: an open file, or bytes in memory (tests). It
/// gives UTF-8: a byte order mark is read and dropped, and UTF-16 transcoded a chunk at a time.
final class CSVByteSource {
    private enum Origin {
        case file(Int32)
        case memory([UInt8], offset: Int)
    }

    private var origin: Origin
    private let chunkSize: Int
    /// What the byte order mark said, once the first chunk is read; UTF-8 without a mark.
    private(set) var encoding = CSVTextEncoding.utf8
    private var started = false
    private var transcoder: UTF16Transcoder?
    private var raw: [UInt8] = []

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

    /// Replaces `buffer` with the next chunk of UTF-8 (or of bytes that are not text, left for the reader to
    /// refuse where they stand); returns false at the end of the bytes.
    /// - Throws: ``CSVError`` when the file cannot be read (a folder, an I/O error).
    func read(into buffer: inout [UInt8]) throws(CSVError) -> Bool {
        if !started { return try start(into: &buffer) }
        guard var transcoder else { return try readRaw(into: &buffer) }
        defer { self.transcoder = transcoder }
        buffer.removeAll(keepingCapacity: true)
        // A chunk of one byte holds no whole code unit.
        while buffer.isEmpty {
            guard try readRaw(into: &raw) else {
                transcoder.finish(into: &buffer)
                return !buffer.isEmpty
            }
            transcoder.transcode(raw, into: &buffer)
        }
        return true
    }

    /// The first chunk: the byte order mark (gathered across chunks when they are tiny) says the encoding.
    private func start(into buffer: inout [UInt8]) throws(CSVError) -> Bool {
        started = true
        var head: [UInt8] = []
        while head.count < 3, try readRaw(into: &raw) { head += raw }
        let mark: (encoding: CSVTextEncoding, length: Int) =
            head.starts(with: [0xEF, 0xBB, 0xBF]) ? (.utf8, 3)
            : head.starts(with: [0xFF, 0xFE]) ? (.utf16LittleEndian, 2)
            : head.starts(with: [0xFE, 0xFF]) ? (.utf16BigEndian, 2) : (.utf8, 0)
        encoding = mark.encoding
        buffer.removeAll(keepingCapacity: true)
        if mark.encoding == .utf8 {
            buffer += head.dropFirst(mark.length)
        } else {
            var transcoder = UTF16Transcoder(bigEndian: mark.encoding == .utf16BigEndian)
            transcoder.transcode(head.dropFirst(mark.length), into: &buffer)
            self.transcoder = transcoder
        }
        return buffer.isEmpty ? try read(into: &buffer) : true
    }

    /// The next chunk of the file's own bytes.
    private func readRaw(into buffer: inout [UInt8]) throws(CSVError) -> Bool {
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
