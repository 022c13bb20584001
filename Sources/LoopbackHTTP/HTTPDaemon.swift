import CMicroHTTPD
import Dispatch
import Glibc
import OffPool
import Synchronization

/// One running libmicrohttpd daemon (a thread per connection) on one IPv4 or IPv6 address, plain HTTP or HTTPS,
/// owning its C handle.
///
/// General on purpose: the emulator serves its tenant with it, the benchmark a fixed answer, and a loopback
/// redirect listener can use it for a browser sign-in. Foundation-free.
/// ```swift
/// let daemon = try HTTPDaemon(host: "127.0.0.1", port: 0, responder: MyResponder())
/// print(daemon.port)   // the bound port
/// daemon.stop()
/// ```
/// `stop()` stops accepting, lets running requests finish (their answers are sent, for up to
/// ``drainSeconds``) and joins the daemon's threads; it is idempotent and also runs on deinit.
public final class HTTPDaemon: Sendable {
    /// The C handle and the C copies of the TLS PEM texts, released together in `stop()`.
    private struct Running: @unchecked Sendable {
        // @unchecked: only reached through the `Mutex` below.
        var daemon: OpaquePointer?
        var tlsStrings: [UnsafeMutablePointer<CChar>]
    }

    private let running: Mutex<Running>
    private let box: ResponderBox
    /// The port actually bound (useful after asking for port 0).
    public let port: UInt16
    /// The address listened on, as given, e.g. `127.0.0.1` or `::1`.
    public let host: String
    /// Whether the daemon serves HTTPS.
    public let isSecure: Bool

    /// Why the daemon could not start.
    public struct StartFailure: Error, CustomStringConvertible {
        /// Which address and port could not be bound (or why TLS is unavailable), and the likely reasons.
        public let description: String
    }

    /// Starts listening at once.
    /// - Parameters:
    ///   - host: an IPv4 address in dotted form, e.g. `127.0.0.1`, or an IPv6 address, e.g. `::1` (that family only).
    ///   - port: a TCP port; 0 takes any free port (read it back from `port`).
    ///   - responder: answers every request, on the daemon's threads.
    ///   - tls: serve HTTPS with this certificate and key; `nil` (the default) serves plain HTTP.
    /// - Throws: `StartFailure` when the address is not an IP address or cannot be bound, when libmicrohttpd was built
    ///   without TLS support, or when it refuses the certificate or key.
    public init(host: String, port: UInt16, responder: any HTTPResponder, tls: TLSIdentity? = nil) throws(StartFailure) {
        box = ResponderBox(responder, isSecure: tls != nil)
        let context = Unmanaged.passUnretained(box).toOpaque()
        var strings: [UnsafeMutablePointer<CChar>] = []
        let started: OpaquePointer?
        if let tls {
            guard cmhd_tls_supported() != 0 else {
                throw StartFailure(description: "cannot serve HTTPS: this libmicrohttpd was built without TLS (GnuTLS); install Debian's libmicrohttpd12")
            }
            guard let key = strdup(tls.privateKeyPEM.revealed), let certificate = strdup(tls.certificatePEM) else {
                throw StartFailure(description: "cannot serve HTTPS: out of memory copying the certificate")
            }
            strings = [key, certificate]
            started = cmhd_start_tls(host, port, accessHandler, context, requestCompleted, context, connectionNotified, context, key, certificate)
        } else {
            started = cmhd_start(host, port, accessHandler, context, requestCompleted, context, connectionNotified, context)
        }
        guard let started else {
            strings.forEach { wipeAndFree($0) }
            let what = tls == nil ? "" : " with TLS (or the certificate or key was refused; see stderr)"
            throw StartFailure(description: "cannot listen on \(host):\(port)\(what) (address in use or not available here, or not an IP address)")
        }
        running = Mutex(Running(daemon: started, tlsStrings: strings))
        self.host = host
        self.isSecure = tls != nil
        self.port = cmhd_bound_port(started)
    }

    /// Seconds `stop()` waits for requests under way to be answered before it closes their connections.
    public static let drainSeconds = 10.0

    /// Stops the daemon: no new connections, running requests complete and their answers are sent (for up to
    /// ``drainSeconds``), threads joined. Idempotent.
    ///
    /// - Important: blocks until the requests under way are answered; from async code, await ``shutDown()``.
    public func stop() {
        running.withLock { running in
            guard let daemon = running.daemon else { return }
            // Quiescing hands the listening socket to the caller; closing it after the stop refuses new
            // connections at once (left open, connects would queue in its backlog until they time out).
            let listener = MHD_quiesce_daemon(daemon)
            // Stopping shuts every connection's socket: an answer still being computed, or a request accepted
            // and not yet read, would never be answered. The gate wakes this thread when the last one is done.
            _ = box.drain.waitUntilIdle(seconds: Self.drainSeconds)
            MHD_stop_daemon(daemon)
            if listener >= 0 { close(listener) }
            running.daemon = nil
            running.tlsStrings.forEach { wipeAndFree($0) }
            running.tlsStrings = []
        }
    }

    /// ``stop()`` on a Dispatch thread, never on Swift's cooperative pool: the drain may wait for a slow answer.
    /// Returns when the daemon is stopped. Cancelling the calling task does not cut the drain short.
    public func shutDown() async {
        await OffPoolWork.run(on: .global(qos: .utility)) { self.stop() }
    }

    /// What a stop would wait for now: requests under way, connections with a request sent and not yet read,
    /// and whether a stop is draining them. For tests that must catch the daemon in that state.
    public var drainCounts: (requests: Int, awaiting: Int, draining: Bool) { box.drain.counts }

    deinit { stop() }
}

/// Zeroes a C string (the TLS private key among them) before freeing it, so the key does not linger in freed memory.
private func wipeAndFree(_ string: UnsafeMutablePointer<CChar>) {
    explicit_bzero(string, strlen(string))
    free(string)
}
