import EnrolmentFiles

/// The shared queue's tables, created and migrated by the console itself; the version sits in
/// `tophhie_schema`. A database of a newer version is refused: an older console would misread it.
///
/// - `enrolment_events`: one intake day's list — its name, the tenant, the form it was checked against
///   (its columns), the list's header.
/// - `enrolment_people`: one row per person (list row, email, the row's fields in the header's order, the
///   email's key for uniqueness, the outcome with object id, time, code, correlation id, walk-in, desk).
/// - `enrolment_invalid_rows`: rows the form refused, with their problems, for the report (and translated, for desks).
/// - `enrolment_record`: the enrolment record, one hash chain per event (``RecordChain`` lines).
enum QueueSchema {
    /// Migrations in order, each a list of statements: the database at version N has run the first N.
    static let migrations: [[String]] = [
        ["""
        CREATE TABLE enrolment_events (
            id serial PRIMARY KEY,
            name text NOT NULL UNIQUE,
            tenant text NOT NULL,
            form text[] NOT NULL,
            columns text[] NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now())
        """, """
        CREATE TABLE enrolment_people (
            id serial PRIMARY KEY,
            event_id integer NOT NULL REFERENCES enrolment_events ON DELETE CASCADE,
            list_row integer NOT NULL,
            email text NOT NULL,
            email_key text NOT NULL,
            fields text[] NOT NULL,
            outcome text CHECK (outcome IN ('enrolled', 'failed', 'already-exists', 'absent', 'skipped')),
            object_id text,
            finished_at timestamptz,
            code text,
            correlation_id text,
            walk_in boolean NOT NULL DEFAULT false,
            desk text,
            UNIQUE (event_id, list_row),
            UNIQUE (event_id, email_key))
        """,
        "CREATE INDEX enrolment_people_finished ON enrolment_people (event_id, finished_at)",
        // "Next" reads the first free person in list order among those not yet seen, then among those who failed.
        "CREATE INDEX enrolment_people_unseen ON enrolment_people (event_id, list_row) WHERE outcome IS NULL",
        "CREATE INDEX enrolment_people_failed ON enrolment_people (event_id, list_row) WHERE outcome = 'failed'",
        """
        CREATE TABLE enrolment_invalid_rows (
            event_id integer NOT NULL REFERENCES enrolment_events ON DELETE CASCADE,
            list_row integer NOT NULL,
            email text NOT NULL,
            problems text[] NOT NULL,
            PRIMARY KEY (event_id, list_row))
        """, """
        CREATE TABLE enrolment_record (
            event_id integer NOT NULL REFERENCES enrolment_events ON DELETE CASCADE,
            seq integer NOT NULL,
            line text NOT NULL,
            PRIMARY KEY (event_id, seq))
        """],
        // A refused row's problems in each language a desk may draw (`{"de": ["email: …"], …}`), so a desk shows
        // its person's language; NULL for rows loaded before (drawn in English).
        ["ALTER TABLE enrolment_invalid_rows ADD COLUMN translations json"],
        // Someone marked absent is offered again, as one who failed is: "next" reads them from one index in list order
        // (its predicate is ``offeredAgain`` as it stood then, so the claim's query matches it).
        ["DROP INDEX enrolment_people_failed",
         "CREATE INDEX enrolment_people_again ON enrolment_people (event_id, list_row) WHERE outcome IN ('failed', 'absent')"],
    ]

    /// The outcomes after which a person is offered again (not ``RecordOutcome/isFinal``), as an SQL list:
    /// `'failed', 'absent'`.
    static let offeredAgain = RecordOutcome.allCases.filter { !$0.isFinal }.map { "'\($0.rawValue)'" }.joined(separator: ", ")

    /// This console's schema version.
    static var version: Int { migrations.count }

    /// The first of `pg_advisory_lock`'s two keys for everything this console locks: "tphq".
    static let lockClass: Int32 = 0x7470_6871

    /// Brings the database to ``version``, one console at a time (a transaction-level advisory lock). A database
    /// already at this version is only read, so a desk's role needs no right to create tables.
    /// - Throws: ``DatabaseError/schemaTooNew(found:known:)``; what a statement throws.
    static func migrate(_ session: DatabaseSession) throws(DatabaseError) {
        if try session.value("SELECT to_regclass('tophhie_schema') IS NOT NULL") == "t",
           let found = try session.value("SELECT version FROM tophhie_schema").flatMap({ Int($0) }), found >= version {
            guard found == version else { throw .schemaTooNew(found: found, known: version) }
            return
        }
        try session.transaction { () throws(DatabaseError) in
            try session.execute("SELECT pg_advisory_xact_lock($1, 0)", [String(lockClass)])
            try session.execute("CREATE TABLE IF NOT EXISTS tophhie_schema (version integer NOT NULL)")
            let found = try session.value("SELECT version FROM tophhie_schema").flatMap { Int($0) }
            if found == nil { try session.execute("INSERT INTO tophhie_schema VALUES (0)") }
            let current = found ?? 0
            guard current <= version else { throw .schemaTooNew(found: current, known: version) }
            for statement in migrations[current...].joined() {
                try session.execute(statement)
            }
            try session.execute("UPDATE tophhie_schema SET version = $1", [String(version)])
        }
    }
}
