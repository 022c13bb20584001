import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback TCP port that refuses every connection for as long as this value lives: the socket is bound but never
/// listens, so the kernel answers a connect with a reset (`ECONNREFUSED`), and no other server can bind the port
/// meanwhile. A port taken from a stopped server is not enough: tests running beside it may bind it again at once.
public final class RefusingPort: Sendable {
    /// The port number, host byte order.
    public let port: UInt16
    private let socket: Int32

    /// - Throws: `RefusingPortError` when no socket can be made or bound.
    public init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw RefusingPortError(call: "socket", errno: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else {
            let failure = RefusingPortError(call: "bind", errno: errno)
            close(socket)
            throw failure
        }
        self.socket = socket
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(socket) }

    /// A loopback port nobody holds right now, for a child process to bind. It is released at once, so the child
    /// can lose it to another binder; callers wait for their server to answer rather than assume it started.
    public static func free() throws -> UInt16 { try RefusingPort().port }
}

/// The system call that failed while reserving a `RefusingPort`, with its `errno`.
public struct RefusingPortError: Error, CustomStringConvertible {
    /// `socket` or `bind`.
    public let call: String
    /// The `errno` the call set.
    public let errno: Int32
    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
}
