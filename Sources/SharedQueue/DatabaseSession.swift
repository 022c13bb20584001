import CLibPQ

/// The connection inside ``PostgreSQLConnection/run(_:)``: statements with parameters sent apart from the
/// text (`$1`, `$2`; never spliced into SQL), answers as text. Valid only inside that call, on its thread.
public struct DatabaseSession {
    let connection: OpaquePointer

    /// Runs `sql` with `parameters` (`nil` is SQL NULL).
    /// - Returns: the rows, each column as text (`nil` for NULL).
    /// - Throws: ``DatabaseError/statement(state:message:)``, or ``DatabaseError/connectionLost(_:)`` when the
    ///   session is gone.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [String?] = []) throws(DatabaseError) -> [[String?]] {
        let result = withCStrings(parameters) { values in
            PQexecParams(connection, sql, Int32(parameters.count), nil, values, nil, nil, 0)
        }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            guard PQstatus(connection) == CONNECTION_OK else { throw .connectionLost(Self.message(connection)) }
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? "?????"
            let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) } ?? Self.message(connection)
            throw .statement(state: state, message: primary)
        }
        let (rows, columns) = (PQntuples(result), PQnfields(result))
        return (0..<rows).map { row in
            (0..<columns).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
    }

    /// The first column of the first row, or nil.
    public func value(_ sql: String, _ parameters: [String?] = []) throws(DatabaseError) -> String? {
        try execute(sql, parameters).first?.first ?? nil
    }

    /// `body` between BEGIN and COMMIT; ROLLBACK when it throws.
    public func transaction<T>(_ body: () throws(DatabaseError) -> T) throws(DatabaseError) -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }

    /// libpq's last message for the connection, on one line.
    static func message(_ connection: OpaquePointer) -> String {
        let text = PQerrorMessage(connection).map { String(cString: $0) } ?? ""
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.joined(separator: "; ")
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
