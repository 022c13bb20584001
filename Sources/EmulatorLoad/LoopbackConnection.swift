import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal blocking HTTP/1.1 client on one keep-alive loopback connection.
///
/// The benchmark needs a client far cheaper than the servers it measures; URLSession on Linux is not.
/// Handles only what the two servers send: a status line, headers with `Content-Length`, a body.
final class LoopbackConnection {
    private let socket: Int32
    private let port: UInt16
    private var buffer: [UInt8] = []

    struct Failure: Error, CustomStringConvertible { let description: String }

    init(port: UInt16) throws {
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

    /// Sends one request and reads the whole answer.
    func send(method: String, path: String, body: String) throws -> (status: Int, body: Data) {
        let bodyBytes = Array(body.utf8)
        var request = Array("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(bodyBytes.count)\r\n\r\n".utf8)
        request += bodyBytes
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send failed") }
            sent += count
        }
        let separator: [UInt8] = [13, 10, 13, 10]
        var headerEnd: Int?
        while headerEnd == nil {
            headerEnd = Self.find(separator, in: buffer)
            if headerEnd == nil { try receive() }
        }
        guard let end = headerEnd else { throw Failure(description: "no header") }
        // Parsed over bytes: String.split on "\r\n" (a grapheme cluster) was a visible cost of the client itself.
        let head = String(decoding: buffer[0..<end], as: UTF8.self)
        var status = 0
        var length = 0
        for (index, line) in head.utf8.split(separator: 10).enumerated() {
            let text = String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
            if index == 0 {
                status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
            } else if text.count > 15, text.prefix(15).lowercased() == "content-length:" {
                length = Int(text.dropFirst(15).trimmingCharacters(in: .whitespaces)) ?? 0
            }
        }
        let total = end + 4 + length
        while buffer.count < total { try receive() }
        let answer = Data(buffer[(end + 4)..<total])
        buffer.removeFirst(total)
        return (status, answer)
    }

    private func receive() throws {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure(description: "connection closed") }
        buffer += chunk[0..<count]
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where haystack[index] == needle[0] && Array(haystack[index..<(index + needle.count)]) == needle {
            return index
        }
        return nil
    }
}
