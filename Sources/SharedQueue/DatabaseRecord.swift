import EnrolmentFiles

/// The enrolment record in the database: one ``RecordChain`` per event, the same lines and hashes as a
/// `--record` file, so `record verify` checks both alike.
enum DatabaseRecord {
    /// Appends `entry` as the event's next line. The event's row is locked first (`FOR UPDATE`), so appends from
    /// every desk take one serial order and each line's `prev` is the line before it. Call inside a transaction.
    /// - Returns: the line.
    static func append(_ entry: RecordEntry, event: Int, session: DatabaseSession) throws(DatabaseError) -> String {
        try session.execute("SELECT id FROM enrolment_events WHERE id = $1 FOR UPDATE", [String(event)])
        let last = try session.execute("SELECT seq, line FROM enrolment_record WHERE event_id = $1 ORDER BY seq DESC LIMIT 1",
                                       [String(event)]).first
        let seq = (last?[0].flatMap { Int($0) } ?? 0) + 1
        let line = RecordChain.line(entry, seq: seq, prev: last?[1].map { RecordChain.hash($0) } ?? RecordChain.genesis)
        try session.execute("INSERT INTO enrolment_record (event_id, seq, line) VALUES ($1, $2, $3)", [String(event), String(seq), line])
        return line
    }
}
