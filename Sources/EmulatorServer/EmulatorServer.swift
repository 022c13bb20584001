import Foundation
import TenantEmulator

/// A `TenantEmulator` on a loopback HTTP port (libmicrohttpd).
///
/// Embeddable: the console starts one on a free port and points its client at `authority`.
/// ```swift
/// let server = try EmulatorServer.start(policy: try TenantPreset.load("email-password"), port: 0)
/// server.emulator.outbox.observe { message in show(message) }
/// // ... talk to server.authority ...
/// server.stop()
/// ```
/// - Important: binds `127.0.0.1` unless another host is given; widening it exposes a test identity
///   service to the network.
public final class EmulatorServer: Sendable {
    /// The tenant served.
    public let emulator: TenantEmulator
    private let daemon: HTTPDaemon

    /// The bound port.
    public var port: UInt16 { daemon.port }
    /// `http://HOST:PORT`.
    public var origin: String { "http://\(daemon.host):\(daemon.port)" }
    /// The authority clients use: `http://HOST:PORT/TENANT-ID`.
    public var authority: URL {
        URL(string: "\(origin)/\(emulator.tenantID)") ?? URL(fileURLWithPath: "/")
    }

    private init(emulator: TenantEmulator, daemon: HTTPDaemon) {
        self.emulator = emulator
        self.daemon = daemon
    }

    /// Starts a new emulator for `policy` and serves it.
    /// - Parameters:
    ///   - port: 0 takes any free port.
    ///   - host: an IPv4 address; `127.0.0.1` by default.
    ///   - dataFile: SQLite file for users across restarts; `nil` keeps them in memory.
    ///   - hasher: password hashing cost.
    /// - Throws: `TenantEmulator.StartFailure` or `HTTPDaemon.StartFailure`.
    public static func start(policy: TenantPolicy, port: UInt16 = 0, host: String = "127.0.0.1", dataFile: String? = nil,
                             hasher: PasswordHasher = PasswordHasher()) throws -> EmulatorServer {
        try start(emulator: TenantEmulator(policy: policy, dataFile: dataFile, hasher: hasher), port: port, host: host)
    }

    /// Serves an existing emulator.
    public static func start(emulator: TenantEmulator, port: UInt16 = 0, host: String = "127.0.0.1") throws -> EmulatorServer {
        let daemon = try HTTPDaemon(host: host, port: port, responder: EmulatorResponder(emulator: emulator))
        emulator.defaultOrigin = "http://\(host):\(daemon.port)"
        return EmulatorServer(emulator: emulator, daemon: daemon)
    }

    /// Stops serving (running requests finish) and closes the store. Idempotent.
    public func stop() {
        daemon.stop()
        emulator.close()
    }
}
