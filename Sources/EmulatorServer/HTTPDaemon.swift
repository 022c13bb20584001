import CMicroHTTPD
import Foundation

/// One running libmicrohttpd daemon (a thread per connection), owning its C handle.
///
/// Used by `EmulatorServer` and by the benchmark's bare server. `stop()` stops accepting, lets running
/// requests finish and joins the daemon's threads; it is idempotent.
public final class HTTPDaemon: @unchecked Sendable {
    // @unchecked: `daemon` is only changed in `stop()` under `lock`.
    private let lock = NSLock()
    private var daemon: OpaquePointer?
    private let box: ResponderBox
    /// The port actually bound (useful after asking for port 0).
    public let port: UInt16
    /// The IPv4 address listened on, e.g. `127.0.0.1`.
    public let host: String

    /// Why the daemon could not start.
    public struct StartFailure: Error, CustomStringConvertible {
        /// Which address and port could not be bound, and the likely reasons.
        public let description: String
    }

    init(host: String, port: UInt16, responder: any HTTPResponder) throws {
        box = ResponderBox(responder)
        let context = Unmanaged.passUnretained(box).toOpaque()
        guard let daemon = cmhd_start(host, port, accessHandler, context, requestCompleted, nil) else {
            throw StartFailure(description: "cannot listen on \(host):\(port) (address in use, or not an IPv4 address)")
        }
        self.daemon = daemon
        self.host = host
        self.port = cmhd_bound_port(daemon)
    }

    /// Stops the daemon: no new connections, running requests complete, threads joined.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard let daemon else { return }
        _ = MHD_quiesce_daemon(daemon)
        MHD_stop_daemon(daemon)
        self.daemon = nil
    }

    deinit { stop() }
}
