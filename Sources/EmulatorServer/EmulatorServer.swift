import Foundation
import LoopbackHTTP
import TenantEmulator

/// A `TenantEmulator` on a loopback HTTP or HTTPS port (libmicrohttpd through `LoopbackHTTP`).
///
/// Embeddable: the console starts one on a free port and points its client at `authority`. With `tls: true`
/// it serves HTTPS with a self-signed certificate generated at start (see `certificatePEM`).
/// ```swift
/// let server = try EmulatorServer.start(policy: try TenantPreset.load("email-password"), port: 0)
/// server.emulator.outbox.observe { message in show(message) }
/// // ... talk to server.authority ...
/// server.stop()
/// ```
/// - Important: binds `127.0.0.1` unless another host is given; widening it exposes a test identity
///   service to the network, so off loopback the control API requires `controlToken`.
public final class EmulatorServer: Sendable {
    /// The tenant served.
    public let emulator: TenantEmulator
    private let daemon: HTTPDaemon
    private let responder: EmulatorResponder
    /// The certificate served over HTTPS, one PEM block (`CN=Tophhie emulator`, SAN `IP:127.0.0.1`,
    /// `DNS:localhost` and a non-loopback bound address, `CA:TRUE`, 30 days); give it to clients as their CA
    /// file. `nil` over plain HTTP.
    public let certificatePEM: String?
    /// The bearer token the control API (`/emulator/v1/…`) requires over HTTP (`Authorization: Bearer TOKEN`), or
    /// `nil` when it requires none: loopback hosts (`127.0.0.0/8`) without a token given. Off loopback one is
    /// always required, generated at start (43 base64url characters) unless given. A secret: show it once.
    public let controlToken: String?

    /// The bound port.
    public var port: UInt16 { daemon.port }
    /// `http` or `https`.
    public var scheme: String { daemon.isSecure ? "https" : "http" }
    /// `SCHEME://HOST:PORT`, e.g. `https://127.0.0.1:8443`; on `0.0.0.0` (every address), which no client can
    /// send to, the loopback address.
    public var origin: String { "\(scheme)://\(daemon.host == Self.everyAddress ? "127.0.0.1" : daemon.host):\(daemon.port)" }
    /// The authority clients use: `SCHEME://HOST:PORT/TENANT-ID`.
    public var authority: URL {
        URL(string: "\(origin)/\(emulator.tenantID)") ?? URL(fileURLWithPath: "/")
    }
    /// Every authority a client can use: ``authority``, and on `0.0.0.0` one more per other local IPv4 address
    /// whose interface is up (``LocalAddresses``), so a client elsewhere on the network has one to copy.
    public var authorities: [URL] {
        guard daemon.host == Self.everyAddress else { return [authority] }
        return [authority] + LocalAddresses.ipv4().filter { $0 != "127.0.0.1" }
            .compactMap { URL(string: "\(scheme)://\($0):\(daemon.port)/\(emulator.tenantID)") }
    }

    /// The `--host` that binds every IPv4 address.
    static let everyAddress = "0.0.0.0"

    private init(emulator: TenantEmulator, daemon: HTTPDaemon, responder: EmulatorResponder, certificatePEM: String?) {
        self.responder = responder
        controlToken = responder.controlToken?.value.revealed
        self.emulator = emulator
        self.daemon = daemon
        self.certificatePEM = certificatePEM
    }

    /// Starts a new emulator for `policy` and serves it.
    /// - Parameters:
    ///   - port: 0 takes any free port.
    ///   - host: an IPv4 address; `127.0.0.1` by default.
    ///   - dataFile: SQLite file for users across restarts; `nil` keeps them in memory.
    ///   - hasher: password hashing cost.
    ///   - signingKey: the token-signing key; `nil` generates one (see `TenantEmulator.init`).
    ///   - tls: serve HTTPS with a certificate generated now (EC P-256, self-signed, valid for 127.0.0.1 and
    ///     localhost); `false` (the default) serves plain HTTP.
    ///   - controlToken: the control API's bearer token; `nil` (the default) requires none on loopback and
    ///     generates one otherwise (read it back from `controlToken`).
    /// - Throws: `TenantEmulator.StartFailure`, `HTTPDaemon.StartFailure` (port in use, or no TLS support in
    ///   libmicrohttpd), an error saying why a given `controlToken` is too weak (under 16 visible ASCII
    ///   characters), or, with `tls`, an error naming the OpenSSL step when the certificate cannot be made.
    public static func start(policy: TenantPolicy, port: UInt16 = 0, host: String = "127.0.0.1", dataFile: String? = nil,
                             hasher: PasswordHasher = PasswordHasher(), signingKey: TokenSigningKey? = nil, tls: Bool = false,
                             controlToken: String? = nil) throws -> EmulatorServer {
        let token = try controlToken.map(ControlToken.init)
        return try start(emulator: TenantEmulator(policy: policy, dataFile: dataFile, hasher: hasher, signingKey: signingKey), port: port, host: host, tls: tls,
                         controlToken: token?.value.revealed)
    }

    /// Serves an existing emulator.
    /// - Parameters:
    ///   - port: 0 takes any free port.
    ///   - host: an IPv4 address; `127.0.0.1` by default.
    ///   - tls: serve HTTPS with a certificate generated now; see `start(policy:port:host:dataFile:hasher:signingKey:tls:controlToken:)`.
    ///   - controlToken: see `start(policy:port:host:dataFile:hasher:signingKey:tls:controlToken:)`.
    /// - Throws: `HTTPDaemon.StartFailure`, a too weak `controlToken`, or, with `tls`, an error naming the OpenSSL
    ///   step that failed.
    public static func start(emulator: TenantEmulator, port: UInt16 = 0, host: String = "127.0.0.1", tls: Bool = false,
                             controlToken: String? = nil) throws -> EmulatorServer {
        let token = try controlToken.map(ControlToken.init) ?? (ControlToken.isLoopback(host) ? nil : ControlToken.generate())
        let certificate = tls ? try SelfSignedCertificate.generate(host: host) : nil
        let responder = EmulatorResponder(emulator: emulator, controlToken: token)
        let daemon = try HTTPDaemon(host: host, port: port, responder: responder, tls: certificate?.identity)
        let server = EmulatorServer(emulator: emulator, daemon: daemon, responder: responder, certificatePEM: certificate?.certificatePEM)
        emulator.defaultOrigin = server.origin
        return server
    }

    /// Stops serving (running requests finish) and closes the store. Idempotent.
    /// - Important: blocks while running requests finish; from async code, await ``shutDown()``.
    public func stop() {
        responder.stop()
        daemon.stop()
        emulator.close()
    }

    /// ``stop()`` with the drain on a thread of its own (``HTTPDaemon/shutDown()``), not on the cooperative pool.
    public func shutDown() async {
        responder.stop()
        await daemon.shutDown()
        emulator.close()
    }

    /// What a stop would wait for now (``HTTPDaemon/drainCounts``).
    public var drainCounts: (requests: Int, awaiting: Int, draining: Bool) { daemon.drainCounts }
}
