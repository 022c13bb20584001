import EmailAddresses
import EnrolmentFiles

/// `enrol --load`: an enrolment list, already checked with the sign-up form, into an event. Loading the same list
/// again adds nothing; new rows are added; a row loaded before that reads differently now is named and left
/// as it was loaded (a desk may be enrolling that person: the operator corrects it on purpose, not by a reload).
public enum ListLoad {
    /// One row the form accepts.
    public struct Row: Sendable, Equatable {
        /// The list's row (header is row 1).
        public let row: Int
        /// The row's email, trimmed.
        public let email: String
        /// The row's fields in the header's order.
        public let fields: [String]

        /// Memberwise.
        public init(row: Int, email: String, fields: [String]) {
            self.row = row
            self.email = email
            self.fields = fields
        }
    }

    /// What a load did.
    public struct Outcome: Sendable, Equatable {
        /// Whether the event was created by this load.
        public var created = false
        /// Rows added.
        public var added = 0
        /// Rows loaded before, the same now.
        public var unchanged = 0
        /// Rows loaded before that differ now, one sentence each (`row 4: givenName was "Ann", now "Anne"`); they
        /// keep what was loaded.
        public var changed: [String] = []
    }

    /// Loads `rows` and `invalid` into the event `name` (created with `tenant`, `form` and `columns` when new),
    /// in one transaction.
    /// - Throws: ``DatabaseError/listDiffers(_:)`` when the event was loaded with another form or header;
    ///   connection and schema failures as ``SharedQueue/open(_:event:desk:)``.
    public static func load(_ url: DatabaseURL, event name: String, tenant: String, form: [String], columns: [String],
                            rows: [Row], invalid: [InvalidRow]) async throws(DatabaseError) -> Outcome {
        let connection = try await PostgreSQLConnection.connect(url)
        let outcome = try await connection.run { session throws(DatabaseError) in
            try QueueSchema.migrate(session)
            return try session.transaction { () throws(DatabaseError) -> Outcome in
                try session.execute("SELECT pg_advisory_xact_lock($1, 1)", [String(QueueSchema.lockClass)])
                var outcome = Outcome()
                let event: QueueEvent
                if let found = try QueueEvent.find(name, in: session) {
                    guard found.form == form, found.columns == columns else {
                        throw DatabaseError.listDiffers("event \(name) was loaded with the columns \(found.columns.joined(separator: ",")) "
                                                        + "against the form \(found.form.joined(separator: ",")); this list has "
                                                        + "\(columns.joined(separator: ",")) against \(form.joined(separator: ",")). "
                                                        + "Load it as another event.")
                    }
                    event = found
                } else {
                    try session.execute("INSERT INTO enrolment_events (name, tenant, form, columns) VALUES ($1, $2, \(JSONText.sqlArray(3)), "
                                        + "\(JSONText.sqlArray(4)))", [name, tenant, JSONText.array(form), JSONText.array(columns)])
                    guard let created = try QueueEvent.find(name, in: session) else { throw DatabaseError.noSuchEvent(name) }
                    event = created
                    outcome.created = true
                }
                let loaded = try session.execute("SELECT list_row, email, email_key, array_to_json(fields)::text FROM enrolment_people "
                                                 + "WHERE event_id = $1", [String(event.id)])
                var byRow: [Int: (email: String, key: String, fields: [String])] = [:]
                var rowOfKey: [String: Int] = [:]
                for row in loaded {
                    let number = Int(row[0] ?? "") ?? 0
                    byRow[number] = (row[1] ?? "", row[2] ?? "", JSONText.strings(row[3]))
                    rowOfKey[row[2] ?? ""] = number
                }
                for row in rows {
                    let key = EmailAddress.key(row.email)
                    if let before = byRow[row.row] {
                        if before.key == key, before.fields == row.fields {
                            outcome.unchanged += 1
                        } else {
                            outcome.changed.append(describe(row, before: before, columns: columns))
                        }
                    } else if let other = rowOfKey[key] {
                        outcome.changed.append("row \(row.row): \(row.email) was loaded as row \(other); kept there.")
                    } else {
                        try session.execute("INSERT INTO enrolment_people (event_id, list_row, email, email_key, fields) "
                                            + "VALUES ($1, $2, $3, $4, \(JSONText.sqlArray(5)))",
                                            [String(event.id), String(row.row), row.email, key, JSONText.array(row.fields)])
                        rowOfKey[key] = row.row
                        outcome.added += 1
                    }
                }
                for row in invalid {
                    if byRow[row.row] != nil {
                        outcome.changed.append("row \(row.row): has problems now (\(ProblemList.joined(row.problems))); kept as loaded.")
                        continue
                    }
                    try session.execute("""
                        INSERT INTO enrolment_invalid_rows (event_id, list_row, email, problems, translations)
                        VALUES ($1, $2, $3, \(JSONText.sqlArray(4)), $5::json)
                        ON CONFLICT (event_id, list_row) DO UPDATE SET email = excluded.email, problems = excluded.problems,
                            translations = excluded.translations
                        """, [String(event.id), String(row.row), row.email, JSONText.array(row.problems), JSONText.object(row.translations)])
                }
                // A row fixed since the last load is a person now, no longer a refused row.
                try session.execute("DELETE FROM enrolment_invalid_rows WHERE event_id = $1 AND list_row IN (SELECT list_row FROM "
                                    + "enrolment_people WHERE event_id = $1)", [String(event.id)])
                return outcome
            }
        }
        await connection.close()
        return outcome
    }

    /// `row N: COLUMN was "A", now "B"` for each column that differs.
    private static func describe(_ row: Row, before: (email: String, key: String, fields: [String]), columns: [String]) -> String {
        let differences = columns.indices.compactMap { index -> String? in
            let (old, new) = (before.fields.indices.contains(index) ? before.fields[index] : "", row.fields.indices.contains(index) ? row.fields[index] : "")
            return old == new ? nil : "\(columns[index]) was \"\(old)\", now \"\(new)\""
        }
        return "row \(row.row): " + differences.joined(separator: ", ") + "; kept as loaded."
    }
}
