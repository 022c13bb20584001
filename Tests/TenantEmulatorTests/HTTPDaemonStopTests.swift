import Dispatch
import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// `HTTPDaemon.stop()`: what a stop owes the requests already sent to it.
@Suite("HTTPDaemon stop")
struct HTTPDaemonStopTests {
    struct Hello: HTTPResponder {
        func respond(to request: LoopbackRequest) -> LoopbackResponse { LoopbackResponse(status: 200, body: Array("hello".utf8)) }
    }

    /// A plain TCP client whose bytes the test sends in pieces; reads run on a Dispatch thread, not the pool.
    final class RawClient: Sendable {
        let socket: Int32

        init(port: UInt16) throws {
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard status == 0 else { throw POSIXError(.ECONNREFUSED) }
        }

        deinit { close(socket) }

        func send(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        /// Everything until the server closes the connection.
        func readToEnd() async -> String {
            await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
                DispatchQueue.global().async {
                    var received: [UInt8] = []
                    var chunk = [UInt8](repeating: 0, count: 4096)
                    while true {
                        let count = chunk.withUnsafeMutableBytes { recv(self.socket, $0.baseAddress, $0.count, 0) }
                        if count <= 0 { break }
                        received += chunk[..<count]
                    }
                    done.resume(returning: String(decoding: received, as: UTF8.self))
                }
            }
        }
    }

    // The daemon has accepted the connection; its thread has not read the request yet (on a loaded machine,
    // the gap between the two was long enough for a stop to close the connection: "Empty reply from server").
    @Test("a request on a connection accepted before the stop, but not yet read, is still answered")
    func stopWaitsForAnAcceptedConnection() async throws {
        let daemon = try HTTPDaemon(host: "127.0.0.1", port: 0, responder: Hello())
        let client = try RawClient(port: daemon.port)
        client.send("GET / HTTP/1.1\r\n")
        try #require(await eventually { daemon.drainCounts.awaiting == 1 }, "the daemon never counted the connection")
        let stopping = Task { await daemon.shutDown() }
        #expect(await eventually { daemon.drainCounts.draining }, "the stop never began to drain")
        client.send("Host: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let answer = await client.readToEnd()
        #expect(answer.hasPrefix("HTTP/1.1 200"), "answer: \(answer.debugDescription)")
        #expect(answer.hasSuffix("hello"))
        await stopping.value
    }

    @Test("a connection idle after its answer (keep-alive) does not hold the stop")
    func idleKeepAliveDoesNotHoldTheStop() async throws {
        let daemon = try HTTPDaemon(host: "127.0.0.1", port: 0, responder: Hello())
        let client = try RawClient(port: daemon.port)
        client.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(await eventually { daemon.drainCounts == (0, 0, false) }, "the answer was never completed")
        // Timed on the thread that stops, so a busy cooperative pool cannot stretch what is measured.
        let took = await withCheckedContinuation { (done: CheckedContinuation<Duration, Never>) in
            Thread.detachNewThread {
                let started = ContinuousClock.now
                daemon.stop()
                done.resume(returning: ContinuousClock.now - started)
            }
        }
        #expect(took < .seconds(HTTPDaemon.drainSeconds / 2), "the stop waited \(took) on an idle connection")
    }
}
