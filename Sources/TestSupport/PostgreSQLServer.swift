import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A real PostgreSQL server a test process starts in a temp folder of its own: the `postgresql` package's
/// `initdb` and `pg_ctl` (from `/usr/lib/postgresql/VERSION/bin`, not the PATH), loopback only on a free port,
/// its unix socket in the folder, TLS on with a certificate generated for 127.0.0.1 and localhost (hostssl
/// only: a client without TLS is turned away), and one login role with a password that clients read from a
/// `.pgpass` (0600) named by the URL's `passfile`. ``url(database:)`` verifies the certificate
/// (`sslmode=verify-full` against the folder's CA).
///
/// initdb will not run as root: as root the server runs as the `postgres` system user (`runuser`), the
/// folder its own. ``shared()`` is one server for the whole test process, stopped when the process exits;
/// each test takes a fresh database of its own (``createDatabase()``).
public final class PostgreSQLServer: Sendable {
    /// The temp folder (data, socket, certificate, log).
    public let folder: String
    /// The loopback TCP port.
    public let port: Int
    /// The login role clients use.
    public let user = "desk"
    /// The role's password: it lives in ``passfile`` only; tests check it never appears in any output.
    public let password: String
    /// The `.pgpass` (0600) holding ``password``.
    public let passfile: String
    /// The server's certificate (PEM): the CA a client trusts.
    public let caFile: String
    private let bin: String
    private let databases = Atomic<Int>(0)

    /// The server of this test process, started on first use and stopped at exit.
    /// - Throws: ``MissingTool`` without PostgreSQL or openssl; an error naming the log when it does not start.
    public static func shared() async throws -> PostgreSQLServer {
        try await SharedServer.instance.value.get()
    }

    /// `postgresql://desk@127.0.0.1:PORT/DATABASE?sslmode=verify-full&sslrootcert=…&passfile=…`.
    public func url(database: String) -> String {
        "postgresql://\(user)@127.0.0.1:\(port)/\(database)?sslmode=verify-full&sslrootcert=\(caFile)&passfile=\(passfile)"
    }

    /// A new empty database owned by ``user``. - Returns: its URL.
    public func createDatabase() async throws -> String {
        let name = "t\(getpid())_\(databases.add(1, ordering: .relaxed).newValue)"
        _ = try await superuser("CREATE DATABASE \(name) OWNER \(user)")
        return url(database: name)
    }

    /// Runs `sql` as the superuser over the unix socket (`psql`), in `database`.
    /// - Returns: psql's unaligned, tuples-only output.
    @discardableResult
    public func superuser(_ sql: String, database: String = "postgres") async throws -> String {
        let output = folder + "/psql-\(UUID().uuidString).out"
        defer { unlink(output) }
        let status = await ChildProcess.runToEnd(asServer([bin + "/psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", folder,
                                                           "-p", String(port), "-U", "postgres", "-d", database, "-c", sql]),
                                                 outputPath: output, truncate: true)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else { throw PostgreSQLFailure(description: "psql failed (\(status)) on \(sql): \(text)") }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The server's log so far, for a failing test's message.
    public var log: String { (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? "" }

    /// Starts a server of its own (a benchmark; tests use ``shared()``). `durable` keeps `fsync` on.
    public static func start(durable: Bool = false) async throws -> PostgreSQLServer {
        guard let bin = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql"))?
            .compactMap(Int.init).max().map({ "/usr/lib/postgresql/\($0)/bin" }) else {
            throw MissingTool(program: "/usr/lib/postgresql/VERSION/bin/initdb")
        }
        for tool in ["initdb", "pg_ctl", "psql"] { try MissingTool.require(bin + "/" + tool) }
        try MissingTool.require("/usr/bin/openssl")
        if getuid() == 0 { try MissingTool.require("/usr/sbin/runuser") }
        let server = try PostgreSQLServer(bin: bin, port: Int(try RefusingPort.free()))
        try await server.initialise(durable: durable)
        return server
    }

    private init(bin: String, port: Int) throws {
        self.bin = bin
        self.port = port
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("postgresql-\(UUID().uuidString)").path
        caFile = folder + "/client/ca.pem"
        passfile = folder + "/client/pgpass"
        password = "Desk-Secret-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder + "/client", withIntermediateDirectories: true)
    }

    private func initialise(durable: Bool) async throws {
        let data = folder + "/data"
        guard await ChildProcess.runToEnd(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                                           "-keyout", folder + "/server.key", "-out", folder + "/server.crt", "-days", "2",
                                           "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                                          outputPath: folder + "/openssl.log") == 0 else {
            throw PostgreSQLFailure(description: "openssl could not make the test certificate")
        }
        try FileManager.default.copyItem(atPath: folder + "/server.crt", toPath: caFile)
        try Data("127.0.0.1:\(port):*:\(user):\(password)\n".utf8).write(to: URL(fileURLWithPath: passfile))
        chmod(passfile, 0o600)
        chmod(folder + "/server.key", 0o600)
        if getuid() == 0, let account = getpwnam("postgres") {
            // The server's files are the postgres user's; the client folder stays the test's.
            chmod(folder, 0o755)
            for path in [folder, folder + "/server.key", folder + "/server.crt"] { chown(path, account.pointee.pw_uid, account.pointee.pw_gid) }
        }
        try await run([bin + "/initdb", "-D", data, "-U", "postgres", "--auth-local=trust", "--auth-host=reject", "-E", "UTF8",
                       "--locale=C.UTF-8", "--no-sync"], what: "initdb")
        let settings = [
            "listen_addresses = '127.0.0.1'", "port = \(port)", "unix_socket_directories = '\(folder)'", "max_connections = 120",
            "ssl = on", "ssl_cert_file = '\(folder)/server.crt'", "ssl_key_file = '\(folder)/server.key'",
            "fsync = \(durable ? "on" : "off")", "synchronous_commit = \(durable ? "on" : "off")", "full_page_writes = \(durable ? "on" : "off")",
        ]
        let hba = ["local all all trust", "hostssl all all 127.0.0.1/32 scram-sha-256", "hostnossl all all 127.0.0.1/32 reject"]
        try await run(["/bin/sh", "-c", "printf '%s\\n' \"$@\" >> \(data)/postgresql.conf", "sh"] + settings, what: "postgresql.conf")
        try await run(["/bin/sh", "-c", "printf '%s\\n' \"$@\" > \(data)/pg_hba.conf", "sh"] + hba, what: "pg_hba.conf")
        try await run([bin + "/pg_ctl", "start", "-w", "-t", "60", "-D", data, "-l", folder + "/server.log"], what: "pg_ctl start")
        SharedServer.started(self)
        _ = try await superuser("CREATE ROLE \(user) LOGIN PASSWORD '\(password)'")
    }

    /// Runs `arguments` as the server's user (postgres when root).
    private func run(_ arguments: [String], what: String) async throws {
        let output = folder + "/\(what.replacingOccurrences(of: " ", with: "-")).out"
        guard await ChildProcess.runToEnd(asServer(arguments), outputPath: output, truncate: true) == 0 else {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            throw PostgreSQLFailure(description: "\(what) failed: \(text.suffix(2000)) \(log.suffix(2000))")
        }
    }

    private func asServer(_ arguments: [String]) -> [String] {
        getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + arguments : arguments
    }

    /// Stops the server at once (SIGQUIT to the postmaster: immediate shutdown) and removes the folder. Blocks
    /// on nothing: it runs at process exit too.
    public func stop() {
        let pidFile = (try? String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8)) ?? ""
        if let pid = pidFile.split(separator: "\n").first.flatMap({ Int32($0) }) { kill(pid, SIGQUIT) }
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// The process's one server, stopped by an `atexit` handler.
private enum SharedServer {
    static let instance = Task { () -> Result<PostgreSQLServer, any Error> in
        do { return .success(try await PostgreSQLServer.start()) } catch { return .failure(error) }
    }
    static let running = Mutex<[PostgreSQLServer]>([])

    static func started(_ server: PostgreSQLServer) {
        running.withLock { servers in
            if servers.isEmpty { atexit { SharedServer.running.withLock { $0.forEach { $0.stop() } } } }
            servers.append(server)
        }
    }
}

/// Why the test's PostgreSQL could not be used.
public struct PostgreSQLFailure: Error, CustomStringConvertible {
    public let description: String
}
