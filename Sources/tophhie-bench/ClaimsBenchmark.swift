import EnrolmentFiles
import Foundation
import SharedQueue
import TestSupport

/// `tophhie-bench claims [--seconds N]`: claims per second on the shared queue with 2, 8 and 32 simulated desks,
/// each its own session on the same loopback PostgreSQL (TestSupport's server, fsync on): a desk claims the next
/// person (``SharedQueue/claim(row:)``) and keeps an outcome with its record line (``SharedQueue/finish(row:_:)``),
/// again and again. Beside it, in the same run and server, the bare pattern: one transaction of
/// `SELECT … FOR UPDATE SKIP LOCKED LIMIT 1` and an `UPDATE` per job. Prints each rate and ours / bare.
enum ClaimsBenchmark {
    static let seconds = CountOptions.Option(name: "--seconds", defaultValue: 5, meaning: "seconds of claiming for each rate")
    static let options = CountOptions(command: "tophhie-bench claims", options: [seconds])

    static func run(_ arguments: [String]) async -> Int32 {
        await options.run(arguments) { counts in
            let seconds = counts[Self.seconds]
            let server = try await PostgreSQLServer.start(durable: true)
            defer { server.stop() }
            let url = try DatabaseURL(try await server.createDatabase())
            print("desks  shared queue (claim + outcome + record line)/s  bare SKIP LOCKED/s  ratio")
            for desks in [2, 8, 32] {
                let ours = try await shared(url, desks: desks, seconds: seconds)
                let bare = try await bare(url, desks: desks, seconds: seconds)
                print(String(format: "%5d  %47.0f  %18.0f  %5.2f", desks, ours, bare, ours / bare))
            }
        }
    }

    /// Enough people for any rate: loaded with one row, then filled by SQL.
    private static func people(_ url: DatabaseURL, event: String) async throws {
        _ = try await ListLoad.load(url, event: event, tenant: "bench", form: ["email"], columns: ["email"],
                                    rows: [ListLoad.Row(row: 2, email: "p2@contoso.com", fields: ["p2@contoso.com"])], invalid: [])
        let connection = try await PostgreSQLConnection.connect(url)
        try await connection.run { session throws(DatabaseError) in
            try session.execute("""
                INSERT INTO enrolment_people (event_id, list_row, email, email_key, fields)
                SELECT e.id, n, 'p' || n || '@contoso.com', 'p' || n || '@contoso.com', ARRAY['p' || n || '@contoso.com']
                FROM enrolment_events e, generate_series(3, 400000) n WHERE e.name = $1
                """, [event])
            try session.execute("ANALYZE enrolment_people")
        }
        await connection.close()
    }

    private static func shared(_ url: DatabaseURL, desks: Int, seconds: Int) async throws -> Double {
        let event = "bench-\(desks)"
        try await people(url, event: event)
        var queues: [SharedQueue] = []
        for desk in 0..<desks { queues.append(try await SharedQueue.open(url, event: event, desk: "desk \(desk)")) }
        let deadline = ContinuousClock.now + .seconds(seconds)
        let claims = try await withThrowingTaskGroup(of: Int.self) { group in
            for queue in queues {
                group.addTask {
                    var count = 0
                    while ContinuousClock.now < deadline, let person = try await queue.claim() {
                        try await queue.finish(row: person.row, RecordEntry(time: "2026-12-03T09:00:00Z", staff: queue.desk, terminal: "none",
                                                                            tenant: "bench", email: person.email, outcome: .skipped))
                        count += 1
                    }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
        for queue in queues { await queue.close() }
        return Double(claims) / Double(seconds)
    }

    private static func bare(_ url: DatabaseURL, desks: Int, seconds: Int) async throws -> Double {
        let table = "bare_jobs_\(desks)"
        let setup = try await PostgreSQLConnection.connect(url)
        try await setup.run { session throws(DatabaseError) in
            try session.execute("CREATE TABLE \(table) (id serial PRIMARY KEY, done boolean NOT NULL DEFAULT false)")
            try session.execute("INSERT INTO \(table) (done) SELECT false FROM generate_series(1, 400000)")
            try session.execute("CREATE INDEX ON \(table) (id) WHERE NOT done")
            try session.execute("ANALYZE \(table)")
        }
        await setup.close()
        var connections: [PostgreSQLConnection] = []
        for _ in 0..<desks { connections.append(try await PostgreSQLConnection.connect(url)) }
        let deadline = ContinuousClock.now + .seconds(seconds)
        let jobs = try await withThrowingTaskGroup(of: Int.self) { group in
            for connection in connections {
                group.addTask {
                    var count = 0
                    while ContinuousClock.now < deadline {
                        let took = try await connection.transaction { session throws(DatabaseError) -> Bool in
                            guard let id = try session.value("SELECT id FROM \(table) WHERE NOT done ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED") else {
                                return false
                            }
                            try session.execute("UPDATE \(table) SET done = true WHERE id = $1", [id])
                            return true
                        }
                        guard took else { break }
                        count += 1
                    }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
        for connection in connections { await connection.close() }
        return Double(jobs) / Double(seconds)
    }
}
