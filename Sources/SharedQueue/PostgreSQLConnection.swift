import CLibPQ
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import OffPool

/// One libpq connection (one server session). Every libpq call blocks on the network, so each runs on
/// ``OffPoolWork``'s Dispatch thread, never on Swift's cooperative pool; calls are serialised by a lock, since
/// a libpq connection serves one caller at a time. What the session holds (advisory locks: the desk's claims)
/// ends with it: ``close()``, the process's death, or a lost network.
public final class PostgreSQLConnection: Sendable {
    private let handle: Mutex<OpaquePointer?>

    private init(_ connection: sending OpaquePointer) {
        handle = Mutex(connection)
    }

    deinit {
        handle.withLock { connection in
            if let connection { PQfinish(connection) }
        }
    }

    /// Connects to `url` (the password from `PGPASSFILE`/`~/.pgpass` or the URL's service).
    /// - Throws: ``DatabaseError/unreachable(_:)``, ``DatabaseError/authenticationFailed(_:)`` or
    ///   ``DatabaseError/tlsRefused(_:)`` with libpq's reason.
    public static func connect(_ url: DatabaseURL) async throws(DatabaseError) -> PostgreSQLConnection {
        try await OffPoolWork.run { () throws(DatabaseError) in
            let keywords = url.keywords
            let connection = withCStrings(keywords.map(\.0) + [nil]) { names in
                withCStrings(keywords.map(\.1) + [nil]) { values in PQconnectdbParams(names, values, 1) }
            }
            guard let connection else { throw .unreachable("out of memory") }
            guard PQstatus(connection) == CONNECTION_OK else {
                let error = classify(connection, needsPassword: PQconnectionNeedsPassword(connection) == 1)
                PQfinish(connection)
                throw error
            }
            // NOTICEs (an index that exists already) would land on the desk's screen.
            PQsetNoticeProcessor(connection, { _, _ in }, nil)
            return PostgreSQLConnection(connection)
        }
    }

    /// Runs `body` with the session on a thread off the pool (`queue`'s: one of its own for a wait that lasts);
    /// nothing else uses the connection meanwhile.
    /// - Throws: what `body` throws; ``DatabaseError/connectionLost(_:)`` once the connection is closed.
    public func run<T: Sendable>(on queue: DispatchQueue = .global(qos: .userInitiated),
                                 _ body: @escaping @Sendable (DatabaseSession) throws(DatabaseError) -> T) async throws(DatabaseError) -> T {
        try await OffPoolWork.run(on: queue) { () throws(DatabaseError) in
            try self.handle.withLock { connection throws(DatabaseError) in
                guard let connection else { throw DatabaseError.connectionLost("the connection was closed.") }
                // A session lost since the last call (its claims freed by the server) is started again.
                if PQstatus(connection) != CONNECTION_OK {
                    PQreset(connection)
                    guard PQstatus(connection) == CONNECTION_OK else { throw DatabaseError.connectionLost(DatabaseSession.message(connection)) }
                    PQsetNoticeProcessor(connection, { _, _ in }, nil)
                }
                return try body(DatabaseSession(connection: connection))
            }
        }
    }

    /// Runs `body` in a transaction (READ COMMITTED): committed when it returns, rolled back when it throws.
    /// - Throws: what `body` or the commit throws.
    public func transaction<T: Sendable>(_ body: @escaping @Sendable (DatabaseSession) throws(DatabaseError) -> T) async throws(DatabaseError) -> T {
        try await run { session throws(DatabaseError) in try session.transaction { () throws(DatabaseError) in try body(session) } }
    }

    /// Ends the session: the server frees every claim it held at once.
    public func close() async {
        _ = try? await OffPoolWork.run { () throws(DatabaseError) in
            self.handle.withLock { connection in
                if let connection { PQfinish(connection) }
                connection = nil
            }
        }
    }

    /// Which of the three failures a failed connection is, from libpq's state and message.
    private static func classify(_ connection: OpaquePointer, needsPassword: Bool) -> DatabaseError {
        let message = DatabaseSession.message(connection)
        if needsPassword {
            return .authenticationFailed("the server asks for a password and none was found: put it in ~/.pgpass (or the "
                                         + "file PGPASSFILE names, mode 0600) as HOST:PORT:DATABASE:USER:PASSWORD.")
        }
        let lowered = message.lowercased()
        if lowered.contains("authentication failed") || lowered.contains("no pg_hba.conf entry") || lowered.contains("role") && lowered.contains("does not exist") {
            return .authenticationFailed(message)
        }
        if lowered.contains("ssl") || lowered.contains("certificate") || lowered.contains("tls") {
            return .tlsRefused(message)
        }
        return .unreachable(message)
    }
}

/// `body` with a NULL-terminated array of C strings (nil entries stay NULL), freed after.
func withCStrings<R>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
    let copies = strings.map { $0.flatMap { strdup($0) } }
    defer { copies.forEach { free($0) } }
    return body(copies.map { $0.map { UnsafePointer($0) } })
}
