import CSQLite3
import Foundation

/// A thin, safe layer over one SQLite connection: owns the handle, turns result codes into errors.
///
/// Not thread-safe by itself; `UserStore` serialises access. In-memory unless a path is given; a file
/// database runs in WAL mode so an answered write survives a crash of the process.
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    /// Prepared statements by SQL text, reset after each use: preparing again on every call was the
    /// largest share of a store round trip in the benchmark's profile. Bounded; the store's SQL is a fixed set.
    private var statements: [String: OpaquePointer] = [:]
    private static let statementCacheLimit = 64

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { "SQLite: \(message)" }
    }

    /// A value bound to a `?` placeholder or read from a column.
    enum Value: Equatable {
        case null, integer(Int64), real(Double), text(String), blob(Data)

        var text: String? { if case .text(let value) = self { value } else { nil } }
        var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
        var real: Double? {
            switch self {
            case .real(let value): value
            case .integer(let value): Double(value)
            case .null, .text, .blob: nil
            }
        }
        var blob: Data? { if case .blob(let value) = self { value } else { nil } }
    }

    /// Opens `path`, or a private in-memory database when `nil`.
    init(path: String?) throws {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path ?? ":memory:", &handle, flags, nil)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(handle)
            handle = nil
            throw Failure(message: "\(path ?? ":memory:"): \(message)")
        }
        if path != nil {
            // WAL + NORMAL: a committed transaction survives the process being killed (not a power cut).
            try execute("PRAGMA journal_mode=WAL")
            try execute("PRAGMA synchronous=NORMAL")
        }
        try execute("PRAGMA foreign_keys=ON")
    }

    deinit { close() }

    /// Closes the connection (idempotent); a WAL file is checkpointed by SQLite on the last close.
    func close() {
        statements.values.forEach { sqlite3_finalize($0) }
        statements = [:]
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// Runs one statement, binding `arguments`, and returns every row.
    @discardableResult
    func execute(_ sql: String, _ arguments: [Value] = []) throws -> [[Value]] {
        guard let handle else { throw Failure(message: "database is closed") }
        let (statement, cached) = try prepared(sql, handle)
        defer {
            if cached {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            } else {
                sqlite3_finalize(statement)
            }
        }
        for (index, argument) in arguments.enumerated() {
            let position = Int32(index + 1)
            switch argument {
            case .null: try check(sqlite3_bind_null(statement, position))
            case .integer(let value): try check(sqlite3_bind_int64(statement, position, value))
            case .real(let value): try check(sqlite3_bind_double(statement, position, value))
            case .text(let value): try check(sqlite3_bind_text(statement, position, value, -1, csqlite3_transient()))
            case .blob(let value):
                try value.withUnsafeBytes { bytes in
                    try check(sqlite3_bind_blob(statement, position, bytes.baseAddress, Int32(value.count), csqlite3_transient()))
                }
            }
        }
        var rows: [[Value]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { try check(status); break }
            rows.append((0..<sqlite3_column_count(statement)).map { column(statement, $0) })
        }
        return rows
    }

    /// The cached statement for `sql`, or a new one (cached while the cache has room).
    private func prepared(_ sql: String, _ handle: OpaquePointer) throws -> (statement: OpaquePointer?, cached: Bool) {
        if let statement = statements[sql] { return (statement, true) }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            try check(status)
            return (nil, false)
        }
        guard statements.count < Self.statementCacheLimit else { return (statement, false) }
        statements[sql] = statement
        return (statement, true)
    }

    /// Runs `body` inside one transaction, rolled back if it throws.
    func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }

    private func column(_ statement: OpaquePointer?, _ index: Int32) -> Value {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, index) else { return .null }
            return .text(String(cString: text))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }

    private func check(_ status: Int32) throws {
        guard status == SQLITE_OK || status == SQLITE_ROW || status == SQLITE_DONE else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "error \(status)"
            throw Failure(message: message)
        }
    }
}
