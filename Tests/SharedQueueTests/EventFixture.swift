import EnrolmentFiles
import SharedQueue
import TestSupport

/// A fresh database on the test process's server with one event of `count` people loaded
/// (`person1@contoso.com` on row 2, …), the form `email, displayName`.
struct EventFixture {
    static let columns = ["email", "displayName"]
    let server: PostgreSQLServer
    let url: DatabaseURL
    let event = "intake"

    static func rows(_ count: Int, name: (Int) -> String = { "Person \($0)" }) -> [ListLoad.Row] {
        (1...max(count, 1)).prefix(count).map { ListLoad.Row(row: $0 + 1, email: "person\($0)@contoso.com", fields: ["person\($0)@contoso.com", name($0)]) }
    }

    static func make(people count: Int) async throws -> EventFixture {
        let server = try await PostgreSQLServer.shared()
        let fixture = EventFixture(server: server, url: try DatabaseURL(try await server.createDatabase()))
        _ = try await fixture.load(rows(count))
        return fixture
    }

    func load(_ rows: [ListLoad.Row], invalid: [InvalidRow] = []) async throws -> ListLoad.Outcome {
        try await ListLoad.load(url, event: event, tenant: "emulator:email-password", form: Self.columns, columns: Self.columns,
                                rows: rows, invalid: invalid)
    }

    func desk(_ name: String) async throws -> SharedQueue {
        try await SharedQueue.open(url, event: event, desk: name)
    }

    static func entry(_ email: String, _ outcome: RecordOutcome, desk: String = "desk 1") -> RecordEntry {
        RecordEntry(time: "2026-12-03T09:00:00Z", staff: desk, terminal: "none", tenant: "emulator:email-password", email: email,
                    outcome: outcome)
    }
}
