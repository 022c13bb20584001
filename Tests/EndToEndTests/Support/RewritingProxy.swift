import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A loopback HTTP/1.1 proxy that forwards every request to `upstream` and rewrites the answer's body
/// text, so a test can make the emulator say what its policy loader refuses (field case 006 (docs/field-cases.md): a regex that
/// does not compile). One request per connection (`Connection: close`).
final class RewritingProxy: @unchecked Sendable {
    // @unchecked: `listener` is set once in init; each connection is served on its own thread.
    let port: UInt16
    private let listener: Int32
    private let upstream: String
    private let replacements: [(String, String)]

    init(upstream: String, replacing replacements: [(String, String)]) throws {
        self.upstream = upstream
        self.replacements = replacements
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        listener = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && listen(fd, 16) == 0
                    && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard fd >= 0, listening else { throw ControlAPI.Failure(description: "proxy: cannot listen (\(errno))") }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            received.append(contentsOf: buffer[0..<count])
            headerEnd = received.range(of: Data("\r\n\r\n".utf8))
        }
        guard let headerEnd else { return }
        let head = String(decoding: received[..<headerEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = head[0].split(separator: " ")
        guard requestLine.count >= 2 else { return }
        var headers: [(String, String)] = []
        var length = 0
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon]), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name.lowercased() == "content-length" { length = Int(value) ?? 0 }
            if !["host", "connection", "content-length", "accept-encoding"].contains(name.lowercased()) { headers.append((name, value)) }
        }
        var body = received[headerEnd.upperBound...]
        while body.count < length {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            body.append(contentsOf: buffer[0..<count])
        }
        guard let url = URL(string: upstream + requestLine[1]) else { return }
        var request = URLRequest(url: url, timeoutInterval: 30)
        request.httpMethod = String(requestLine[0])
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if length > 0 { request.httpBody = Data(body) }
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, _ in
            answer.data = data ?? Data()
            answer.response = response as? HTTPURLResponse
            done.signal()
        }.resume()
        done.wait()
        guard let response = answer.response else { return }
        var text = String(decoding: answer.data, as: UTF8.self)
        for (from, to) in replacements { text = text.replacingOccurrences(of: from, with: to) }
        let out = Data(text.utf8)
        var reply = "HTTP/1.1 \(response.statusCode) Proxied\r\n"
        for (name, value) in response.allHeaderFields {
            guard let name = name as? String, let value = value as? String,
                  !["content-length", "connection", "transfer-encoding", "content-encoding"].contains(name.lowercased()) else { continue }
            reply += "\(name): \(value)\r\n"
        }
        reply += "Content-Length: \(out.count)\r\nConnection: close\r\n\r\n"
        let bytes = Data(reply.utf8) + out
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(connection, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private final class Answer: @unchecked Sendable {
        var data = Data()
        var response: HTTPURLResponse?
    }
}
