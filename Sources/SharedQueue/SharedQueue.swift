import EmailAddresses
import EnrolmentFiles

/// One desk on an event's shared list: who is waiting, claiming the person at the desk, their outcome with its
/// record line, walk-ins. Each desk opens its own (one database session each).
///
/// **Claims.** A claim is a session-level advisory lock (`pg_try_advisory_lock`,
/// https://www.postgresql.org/docs/current/explicit-locking.html#ADVISORY-LOCKS) on the person, taken in a
/// transaction that picks them with `SELECT … FOR UPDATE SKIP LOCKED`
/// (https://www.postgresql.org/docs/current/sql-select.html#SQL-FOR-UPDATE-SHARE), so two desks never take the
/// same person. The lock belongs to the session: a desk killed with SIGKILL, a power cut or a lost network ends
/// its session and the server frees the claim at once; that person is offered again. A desk holds at most one
/// claim: claiming another person, ``release()`` and ``finish(row:_:)`` give it up.
///
/// **Outcomes.** ``finish(row:_:)`` writes the outcome and appends the record line in one transaction, the
/// chain computed under a lock on the event row, so every desk's lines form one serial chain.
///
/// **Changes** (a claim, a release, an outcome, a walk-in) are told to every desk's ``QueueListener``.
///
/// Every method runs its libpq calls off the cooperative pool; a session that was lost is reconnected on the
/// next call (its claim is gone by then). Errors are ``DatabaseError``.
public final class SharedQueue: Sendable {
    /// The event this desk works on.
    public let event: QueueEvent
    /// The desk's name, kept with each outcome (`--staff`, or the host and terminal).
    public let desk: String
    private let connection: PostgreSQLConnection

    /// What the desk shows: the queue as ``EnrolmentQueue`` (people in list order, rows the form refused, every
    /// outcome, the rows other desks hold now in ``EnrolmentQueue/heldElsewhere``), and which rows are walk-ins.
    public struct Snapshot: Sendable, Equatable {
        /// The queue: `next`, `pending`, `matching` and `position` work as on a CSV list, without other desks' people.
        public var queue: EnrolmentQueue
        /// Rows added at a desk (not on the list).
        public var walkIns: Set<Int>
    }

    private init(event: QueueEvent, desk: String, connection: PostgreSQLConnection) {
        self.event = event
        self.desk = desk
        self.connection = connection
    }

    /// Connects to `url`, brings the schema up to date, and opens the event named `name`.
    /// - Throws: connection failures (``DatabaseError/unreachable(_:)``, ``DatabaseError/authenticationFailed(_:)``,
    ///   ``DatabaseError/tlsRefused(_:)``), ``DatabaseError/schemaTooNew(found:known:)``,
    ///   ``DatabaseError/noSuchEvent(_:)``.
    public static func open(_ url: DatabaseURL, event name: String, desk: String) async throws(DatabaseError) -> SharedQueue {
        let connection = try await PostgreSQLConnection.connect(url)
        let event = try await connection.run { session throws(DatabaseError) in
            try QueueSchema.migrate(session)
            guard let event = try QueueEvent.find(name, in: session) else { throw DatabaseError.noSuchEvent(name) }
            return event
        }
        return SharedQueue(event: event, desk: desk, connection: connection)
    }

    /// Everyone on the event now (one query; call it again to refresh).
    public func snapshot() async throws(DatabaseError) -> Snapshot {
        let event = self.event
        return try await connection.run { session throws(DatabaseError) in
            let rows = try session.execute("""
                SELECT list_row, email, array_to_json(fields)::text, outcome, object_id,
                       to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), code, correlation_id, walk_in,
                       id::oid IN (\(Self.heldByOthers)) FROM enrolment_people WHERE event_id = $1 ORDER BY list_row
                """, [String(event.id), String(QueueSchema.lockClass)])
            let invalid = try session.execute("""
                SELECT list_row, email, array_to_json(problems)::text, translations::text FROM enrolment_invalid_rows
                WHERE event_id = $1 ORDER BY list_row
                """, [String(event.id)]).map {
                    InvalidRow(row: Int($0[0] ?? "") ?? 0, email: $0[1] ?? "", problems: JSONText.strings($0[2]),
                               translations: JSONText.lists($0[3]))
                }
            var people: [QueuePerson] = []
            var progress: [ProgressEntry] = []
            var held: Set<Int> = []
            var walkIns: Set<Int> = []
            for row in rows {
                let number = Int(row[0] ?? "") ?? 0
                let email = row[1] ?? ""
                people.append(QueuePerson(row: number, email: email, columns: event.columns, fields: JSONText.strings(row[2]),
                                          walkIn: row[8] == "t"))
                if let outcome = row[3].flatMap(RecordOutcome.init(rawValue:)) {
                    progress.append(ProgressEntry(row: number, email: email, outcome: outcome, objectId: row[4], time: row[5] ?? "",
                                                  code: row[6], correlationId: row[7]))
                }
                if row[8] == "t" { walkIns.insert(number) }
                if row[9] == "t" { held.insert(number) }
            }
            var queue: EnrolmentQueue
            do throws(ProgressFileError) {
                queue = try EnrolmentQueue(people: people, invalid: invalid, resuming: progress)
            } catch {
                // The entries come from the same rows as the people.
                throw DatabaseError.statement(state: "XX000", message: error.message)
            }
            queue.heldElsewhere = held
            return Snapshot(queue: queue, walkIns: walkIns)
        }
    }

    /// Claims the person on `row`, or with `row` nil the next one ("next" as ``EnrolmentQueue/next``: the first
    /// not yet seen in list order, else the first who failed or was absent), giving up any claim this desk held.
    /// - Returns: the person now held by this desk; nil when nobody (or not that row) is free: done with, held
    ///   at another desk, or not on the list.
    public func claim(row: Int? = nil) async throws(DatabaseError) -> QueuePerson? {
        let event = self.event
        return try await connection.run { session throws(DatabaseError) in
            try session.transaction { () throws(DatabaseError) -> QueuePerson? in
                let lockClass = String(QueueSchema.lockClass)
                if let row, let mine = try Self.heldHere(session), mine.row == row, mine.event == event.id {
                    return try Self.person(id: mine.id, event: event, session: session)
                }
                try session.execute("SELECT pg_advisory_unlock_all()")
                try Self.notify(event, session)
                // One row at a time: a desk row-locks only the person it is about to take, so another desk claiming
                // meanwhile skips just that one. A person whose advisory lock was taken since the query is passed over.
                var passed: [String] = []
                for waiting in ["outcome IS NULL", "outcome IN (\(QueueSchema.offeredAgain))"] {
                    while let candidate = try session.value("""
                        SELECT id FROM enrolment_people
                        WHERE event_id = $1 AND \(waiting) AND ($3::integer IS NULL OR list_row = $3)
                          AND id::oid NOT IN (\(Self.heldByOthers)) AND NOT id = ANY($4::integer[])
                        ORDER BY list_row LIMIT 1 FOR UPDATE SKIP LOCKED
                        """, [String(event.id), lockClass, row.map(String.init), "{\(passed.joined(separator: ","))}"]) {
                        // The row lock stops a second claim in this moment; the advisory lock outlives the transaction.
                        if try session.value("SELECT pg_try_advisory_lock($1, $2)", [lockClass, candidate]) == "t" {
                            return try Self.person(id: Int(candidate) ?? 0, event: event, session: session)
                        }
                        passed.append(candidate)
                    }
                }
                return nil
            }
        }
    }

    /// Gives up this desk's claim without an outcome (the person left, idle reset): they are offered again.
    public func release() async throws(DatabaseError) {
        let event = self.event
        _ = try await connection.run { session throws(DatabaseError) in
            try session.execute("SELECT pg_advisory_unlock_all()")
            try Self.notify(event, session)
        }
    }

    /// Keeps `entry`'s outcome for the person on `row` and appends its record line, in one transaction; then
    /// gives up the claim.
    ///
    /// What the tenant said (enrolled, already-exists, failed) is kept whoever holds the person: a desk whose
    /// session was lost mid-sign-up still records the account it made. A final outcome is never replaced, except
    /// by `enrolled`; failed and absent are replaced by the next outcome. Staff marks (absent, skipped) need the person
    /// free or held here.
    /// - Returns: the record line as stored (``RecordChain/line(_:seq:prev:)``).
    /// - Throws: ``DatabaseError/heldElsewhere(row:)`` for absent/skipped on a person another desk holds.
    @discardableResult
    public func finish(row: Int, _ entry: RecordEntry) async throws(DatabaseError) -> String {
        let (event, desk) = (self.event, self.desk)
        return try await connection.run { session throws(DatabaseError) in
            let line = try session.transaction { () throws(DatabaseError) -> String in
                let lockClass = String(QueueSchema.lockClass)
                guard let person = try session.execute("SELECT id, id::oid IN (\(Self.heldByOthers)) FROM enrolment_people "
                                                       + "WHERE event_id = $1 AND list_row = $3", [String(event.id), lockClass, String(row)]).first,
                      let id = person[0] else {
                    throw DatabaseError.statement(state: "P0002", message: "row \(row) is not on event \(event.name).")
                }
                if entry.outcome == .absent || entry.outcome == .skipped, person[1] == "t" { throw DatabaseError.heldElsewhere(row: row) }
                try session.execute("""
                    UPDATE enrolment_people SET outcome = $2, object_id = $3, finished_at = $4::timestamptz, code = $5,
                           correlation_id = $6, desk = $7
                    WHERE id = $1 AND (outcome IS NULL OR outcome IN (\(QueueSchema.offeredAgain)) OR $2 = 'enrolled')
                    """, [id, entry.outcome.rawValue, entry.objectId, entry.time, entry.code, entry.correlationId, desk])
                try Self.notify(event, session)
                return try DatabaseRecord.append(entry, event: event.id, session: session)
            }
            try session.execute("SELECT pg_advisory_unlock_all()")
            return line
        }
    }

    /// Adds a walk-in (someone not on the list) after the list's last row, and claims them. Check the email and
    /// `values` with the sign-up form first, as a row is checked; the database refuses a second row of the same
    /// email (by ``EmailAddress/key(_:)``).
    /// - Parameter values: column → value; columns the list does not have are dropped.
    /// - Returns: the walk-in, held by this desk.
    /// - Throws: ``DatabaseError/listedAlready(row:)`` when the event has that email already.
    public func addWalkIn(email: String, values: [String: String]) async throws(DatabaseError) -> QueuePerson {
        let event = self.event
        return try await connection.run { session throws(DatabaseError) in
            try session.transaction { () throws(DatabaseError) -> QueuePerson in
                try session.execute("SELECT id FROM enrolment_events WHERE id = $1 FOR UPDATE", [String(event.id)])
                let key = EmailAddress.key(email)
                if let row = try session.value("SELECT list_row FROM enrolment_people WHERE event_id = $1 AND email_key = $2",
                                               [String(event.id), key]) {
                    throw DatabaseError.listedAlready(row: Int(row) ?? 0)
                }
                let row = try session.value("""
                    SELECT GREATEST((SELECT max(list_row) FROM enrolment_people WHERE event_id = $1),
                                    (SELECT max(list_row) FROM enrolment_invalid_rows WHERE event_id = $1), 1) + 1
                    """, [String(event.id)]) ?? "2"
                var fields = event.columns.map { values[$0] ?? "" }
                if let index = event.columns.firstIndex(of: "email") { fields[index] = email }
                let id = try session.value("""
                    INSERT INTO enrolment_people (event_id, list_row, email, email_key, fields, walk_in)
                    VALUES ($1, $2, $3, $4, \(JSONText.sqlArray(5)), true) RETURNING id
                    """, [String(event.id), row, email, key, JSONText.array(fields)]) ?? ""
                try session.execute("SELECT pg_advisory_unlock_all()")
                try session.execute("SELECT pg_advisory_lock($1, $2)", [String(QueueSchema.lockClass), id])
                try Self.notify(event, session)
                return QueuePerson(row: Int(row) ?? 0, email: email, columns: event.columns, fields: fields, walkIn: true)
            }
        }
    }

    /// Where the day stands now (``QueueStatus``).
    public func status() async throws(DatabaseError) -> QueueStatus {
        let event = self.event
        return try await connection.run { session throws(DatabaseError) in try QueueStatus.read(event, session: session) }
    }

    /// The event's record as a file holds it: each line and a line feed, in `seq` order (what `record export`
    /// prints and ``RecordChain/verify(_:)`` reads).
    public func record() async throws(DatabaseError) -> [UInt8] {
        let event = self.event
        return try await connection.run { session throws(DatabaseError) in
            try session.execute("SELECT line FROM enrolment_record WHERE event_id = $1 ORDER BY seq", [String(event.id)])
                .flatMap { Array(($0[0] ?? "").utf8) + [0x0A] }
        }
    }

    /// Ends the desk's session: its claim is freed.
    public func close() async {
        await connection.close()
    }

    /// The people ids other sessions hold in this database (`$2` is ``QueueSchema/lockClass``): a subquery run
    /// once per statement (advisory locks are per database, `pg_locks` is the whole server's).
    static let heldByOthers = """
        SELECT objid FROM pg_locks WHERE locktype = 'advisory' AND classid = $2::oid AND objsubid = 2 AND granted \
        AND pid <> pg_backend_pid() AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
        """

    /// Tells the other desks' ``QueueListener``s that the event's queue changed (in a transaction: once it commits).
    private static func notify(_ event: QueueEvent, _ session: DatabaseSession) throws(DatabaseError) {
        try session.execute("SELECT pg_notify($1, $2)", [QueueListener.channel, String(event.id)])
    }

    /// The person this session holds, if any.
    private static func heldHere(_ session: DatabaseSession) throws(DatabaseError) -> (id: Int, row: Int, event: Int)? {
        guard let row = try session.execute("""
            SELECT p.id, p.list_row, p.event_id FROM pg_locks l JOIN enrolment_people p ON p.id::oid = l.objid
            WHERE l.locktype = 'advisory' AND l.classid = $1::oid AND l.objsubid = 2 AND l.pid = pg_backend_pid()
              AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
            """, [String(QueueSchema.lockClass)]).first else { return nil }
        return (Int(row[0] ?? "") ?? 0, Int(row[1] ?? "") ?? 0, Int(row[2] ?? "") ?? 0)
    }

    private static func person(id: Int, event: QueueEvent, session: DatabaseSession) throws(DatabaseError) -> QueuePerson? {
        guard let row = try session.execute("SELECT list_row, email, array_to_json(fields)::text, walk_in FROM enrolment_people WHERE id = $1",
                                            [String(id)]).first else { return nil }
        return QueuePerson(row: Int(row[0] ?? "") ?? 0, email: row[1] ?? "", columns: event.columns, fields: JSONText.strings(row[2]),
                           walkIn: row[3] == "t")
    }
}
