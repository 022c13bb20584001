import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal blocking HTTP/1.1 client on one keep-alive loopback connection.
///
/// The benchmark needs a client far cheaper than the servers it measures; URLSession on Linux is not.
/// Handles only what the two servers send: a status line, headers with `Content-Length`, a body.
public final class LoopbackConnection {
    private let socket: Int32
    private let port: UInt16
    /// Received bytes not yet consumed, from `start` on (consumed bytes are dropped in bulk, not per answer).
    private var buffer: [UInt8] = []
    private var start = 0
    private var chunk = [UInt8](repeating: 0, count: 16_384)

    /// A socket that could not be opened, written or read, or an answer that is not HTTP/1.1 as expected.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, e.g. `connection closed`.
        public let description: String
    }

    /// Connects to `127.0.0.1:port` with `TCP_NODELAY`.
    /// - Throws: `Failure` when the socket cannot be created or the connect is refused.
    public init(port: UInt16) throws {
        self.port = port
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket() failed") }
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            close(socket)
            throw Failure(description: "connect to 127.0.0.1:\(port) failed")
        }
    }

    deinit { close(socket) }

    /// Sends one form-encoded request and reads the whole answer.
    /// - Returns: the HTTP status and the body bytes.
    /// - Throws: `Failure` when the connection breaks or the answer has no header end.
    public func send(method: String, path: String, body: String) throws -> (status: Int, body: Data) {
        let bodyBytes = Array(body.utf8)
        var request = Array("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(bodyBytes.count)\r\n\r\n".utf8)
        request += bodyBytes
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send failed") }
            sent += count
        }
        var headerEnd = findHeaderEnd()
        while headerEnd == nil {
            try receive()
            headerEnd = findHeaderEnd()
        }
        guard let end = headerEnd else { throw Failure(description: "no header") }
        let (status, length) = parseHead(start..<end)
        let total = end + 4 + length
        while buffer.count < total { try receive() }
        let answer = Data(buffer[(end + 4)..<total])
        start = total
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        return (status, answer)
    }

    /// The status code and `Content-Length` of the head in `range` (bytes, without the blank line).
    private func parseHead(_ range: Range<Int>) -> (status: Int, length: Int) {
        var status = 0
        var length = 0
        var lineStart = range.lowerBound
        var first = true
        for index in range.lowerBound...range.upperBound where index == range.upperBound || buffer[index] == 10 {
            var lineEnd = index
            if lineEnd > lineStart, buffer[lineEnd - 1] == 13 { lineEnd -= 1 }
            let line = buffer[lineStart..<lineEnd]
            if first {
                // "HTTP/1.1 200 OK": the three digits after the first space.
                if let space = line.firstIndex(of: 32) { status = Self.number(line[(space + 1)...]) }
                first = false
            } else if line.count > 15, Self.hasPrefix(line, "content-length:") {
                length = Self.number(line[(line.startIndex + 15)...])
            }
            lineStart = index + 1
        }
        return (status, length)
    }

    private func receive() throws {
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure(description: "connection closed") }
        buffer.append(contentsOf: chunk[0..<count])
    }

    /// The offset of `\r\n\r\n` in the unconsumed bytes.
    private func findHeaderEnd() -> Int? {
        guard buffer.count - start >= 4 else { return nil }
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 { return index }
            index += 1
        }
        return nil
    }

    /// Leading decimal digits after optional spaces.
    private static func number(_ bytes: ArraySlice<UInt8>) -> Int {
        var value = 0
        var started = false
        for byte in bytes {
            if byte == 32, !started { continue }
            guard byte >= 48, byte <= 57 else { break }
            value = value * 10 + Int(byte - 48)
            started = true
        }
        return value
    }

    /// Case-insensitive ASCII prefix test.
    private static func hasPrefix(_ line: ArraySlice<UInt8>, _ prefix: StaticString) -> Bool {
        let bytes = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        for (offset, expected) in bytes.enumerated() {
            let byte = line[line.startIndex + offset]
            let lower = byte >= 65 && byte <= 90 ? byte + 32 : byte
            if lower != expected { return false }
        }
        return true
    }
}
