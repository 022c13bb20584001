import EnrolmentFiles

/// Where an intake day stands (`enrol --status`): counts by outcome and by desk, the rate over the last
/// quarter hour, and an estimate of the end at that rate.
public struct QueueStatus: Sendable, Equatable {
    /// The event's name.
    public var event: String
    /// People on the list and walk-ins (rows the form refused not counted).
    public var people: Int
    /// Rows the form refused: never offered.
    public var invalid: Int
    /// Each outcome's count; failed and absent people are still waiting (``RecordOutcome/isFinal``).
    public var byOutcome: [RecordOutcome: Int]
    /// People with a final outcome, by the desk that kept it.
    public var byDesk: [String: Int]
    /// People at a desk now (claimed, without a final outcome).
    public var atDesks: Int
    /// Final outcomes kept in the last 15 minutes.
    public var lastQuarterHour: Int

    /// People done with (a final outcome).
    public var done: Int { byOutcome.filter(\.key.isFinal).values.reduce(0, +) }
    /// People not done with: at a desk now, or waiting.
    public var left: Int { people - done }
    /// People no desk holds, to see: no outcome yet, failed or absent. ``done`` + ``atDesks`` + ``waiting`` = ``people``.
    public var waiting: Int { left - atDesks }
    /// Final outcomes a minute, over the last 15 minutes.
    public var perMinute: Double { Double(lastQuarterHour) / 15 }
    /// Minutes until everyone ``left`` is done with at ``perMinute``; nil when nobody finished lately.
    public var minutesLeft: Double? { perMinute > 0 ? Double(left) / perMinute : nil }

    /// Reads it in one snapshot (a REPEATABLE READ transaction).
    static func read(_ event: QueueEvent, session: DatabaseSession) throws(DatabaseError) -> QueueStatus {
        try session.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        defer { _ = try? session.execute("COMMIT") }
        let id = String(event.id)
        var status = QueueStatus(event: event.name, people: 0, invalid: 0, byOutcome: [:], byDesk: [:], atDesks: 0, lastQuarterHour: 0)
        for row in try session.execute("SELECT coalesce(outcome, ''), count(*) FROM enrolment_people WHERE event_id = $1 GROUP BY 1", [id]) {
            let count = Int(row[1] ?? "") ?? 0
            status.people += count
            if let outcome = row[0].flatMap(RecordOutcome.init(rawValue:)) { status.byOutcome[outcome] = count }
        }
        for row in try session.execute("""
            SELECT coalesce(desk, '?'), count(*) FROM enrolment_people WHERE event_id = $1
              AND outcome NOT IN (\(QueueSchema.offeredAgain)) GROUP BY 1
            """, [id]) {
            status.byDesk[row[0] ?? "?"] = Int(row[1] ?? "") ?? 0
        }
        status.invalid = Int(try session.value("SELECT count(*) FROM enrolment_invalid_rows WHERE event_id = $1", [id]) ?? "") ?? 0
        status.lastQuarterHour = Int(try session.value("""
            SELECT count(*) FROM enrolment_people WHERE event_id = $1 AND outcome NOT IN (\(QueueSchema.offeredAgain))
              AND finished_at > now() - interval '15 minutes'
            """, [id]) ?? "") ?? 0
        status.atDesks = Int(try session.value("""
            SELECT count(*) FROM enrolment_people WHERE event_id = $1 AND (outcome IS NULL OR outcome IN (\(QueueSchema.offeredAgain)))
              AND id::oid IN (\(SharedQueue.heldByOthers))
            """, [id, String(QueueSchema.lockClass)]) ?? "") ?? 0
        return status
    }
}
