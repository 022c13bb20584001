/// Why the shared queue's database could not be used. No case carries a password: libpq's own messages never
/// hold one, and a URL that carries one is refused before anything is sent (``DatabaseURL``).
public enum DatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is not one this console accepts (not `postgresql://` or `postgres://`, or a password in it).
    case badURL(String)
    /// No server answered at the address (refused, no route, timed out, name not found).
    case unreachable(String)
    /// The server refused the user or the password (or none was found in `PGPASSFILE`/`~/.pgpass`).
    case authenticationFailed(String)
    /// TLS could not be set up or the server's certificate was not trusted for its name.
    case tlsRefused(String)
    /// The connection broke during a command: whatever was not committed is undone, and every claim the
    /// session held is free again.
    case connectionLost(String)
    /// A statement failed: its SQLSTATE (`23505`) and the server's message.
    case statement(state: String, message: String)
    /// The database was made by a newer console (`found` is its schema version, `known` this console's).
    case schemaTooNew(found: Int, known: Int)
    /// The database holds no event of that name.
    case noSuchEvent(String)
    /// Another desk holds the person on `row` now.
    case heldElsewhere(row: Int)
    /// The event lists that email already, on `row`.
    case listedAlready(row: Int)
    /// The event was loaded from a list of other columns or against another form.
    case listDiffers(String)

    /// The sentence to print.
    public var description: String {
        switch self {
        case .badURL(let reason): reason
        case .unreachable(let reason): "the database server cannot be reached: \(reason)"
        case .authenticationFailed(let reason): "the database server refused the login: \(reason)"
        case .tlsRefused(let reason): "TLS to the database server failed: \(reason)"
        case .connectionLost(let reason): "the connection to the database was lost: \(reason)"
        case .statement(let state, let message): "the database refused a statement (SQLSTATE \(state)): \(message)"
        case .schemaTooNew(let found, let known):
            "the database's enrolment schema is version \(found), newer than this console's \(known); "
                + "use the console that upgraded it (or a newer one), and leave the database as it is."
        case .noSuchEvent(let name): "the database has no event named \(name); load its list first (tophhie enrol --load)."
        case .heldElsewhere(let row): "row \(row) is at another desk now."
        case .listedAlready(let row): "this email is listed already, on row \(row)."
        case .listDiffers(let reason): reason
        }
    }
}
