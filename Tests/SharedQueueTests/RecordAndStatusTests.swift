import EnrolmentFiles
import Foundation
@_spi(Testing) import SharedQueue
import Testing
import TestSupport

@Suite("Shared queue record, status and schema")
struct RecordAndStatusTests {
    /// Now, as the record writes it.
    static var now: String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }

    @Test("outcomes from two desks make one intact chain; a line changed in the database is found")
    func recordChainAcrossDesks() async throws {
        let fixture = try await EventFixture.make(people: 4)
        let (first, second) = (try await fixture.desk("desk 1"), try await fixture.desk("desk 2"))
        for (index, desk) in [first, second, first, second].enumerated() {
            let person = try #require(try await desk.claim())
            try await desk.finish(row: person.row, EventFixture.entry(person.email, index == 1 ? .alreadyExists : .enrolled, desk: desk.desk))
        }
        let bytes = try await first.record()
        guard case .intact(let lines, _) = try RecordChain.verify(bytes) else {
            Issue.record("the chain is broken: \(String(decoding: bytes, as: UTF8.self))")
            return
        }
        #expect(lines == 4)
        let database = String(fixture.url.text.split(separator: "/")[2].prefix { $0 != "?" })
        try await fixture.server.superuser("UPDATE enrolment_record SET line = replace(line, 'already-exists', 'enrolled') WHERE seq = 2",
                                           database: database)
        #expect(try RecordChain.verify(try await first.record()) == .broken(line: 2, reason: "line 2 was changed: line 3 carries another hash of it."))
        await first.close()
        await second.close()
    }

    @Test("status counts outcomes, desks, people at desks now and the last quarter hour's rate")
    func statusCounts() async throws {
        let fixture = try await EventFixture.make(people: 6)
        let (first, second) = (try await fixture.desk("desk 1"), try await fixture.desk("desk 2"))
        for (desk, outcome) in [(first, RecordOutcome.enrolled), (second, .enrolled), (first, .skipped), (second, .failed)] {
            let person = try #require(try await desk.claim())
            var entry = EventFixture.entry(person.email, outcome, desk: desk.desk)
            // The skipped person was marked long ago: outside the rate's quarter hour.
            entry.time = outcome == .skipped ? "2026-01-05T09:00:00Z" : Self.now
            try await desk.finish(row: person.row, entry)
        }
        _ = try await second.claim()
        let status = try await first.status()
        #expect(status.people == 6)
        #expect(status.byOutcome == [.enrolled: 2, .skipped: 1, .failed: 1])
        #expect(status.byDesk == ["desk 1": 2, "desk 2": 1])
        #expect(status.atDesks == 1)
        #expect(status.lastQuarterHour == 2)
        // The person held at desk 2 is at a desk, not waiting: done, at desks and waiting add up to everyone.
        #expect(status.waiting == 2)
        #expect(status.done + status.atDesks + status.waiting == status.people)
        #expect(status.minutesLeft == 22.5)
        await first.close()
        await second.close()
    }

    @Test("a database of a newer schema is refused, with both versions named")
    func newerSchemaRefused() async throws {
        let fixture = try await EventFixture.make(people: 1)
        let database = String(fixture.url.text.split(separator: "/")[2].prefix { $0 != "?" })
        try await fixture.server.superuser("UPDATE tophhie_schema SET version = 7", database: database)
        await #expect(throws: DatabaseError.schemaTooNew(found: 7, known: 3)) { try await fixture.desk("desk 1") }
    }

    @Test("a URL carrying a password is refused and the message never repeats it")
    func passwordInURLRefused() throws {
        for url in ["postgresql://desk:Tr0ub4dor-77@db.example.org/intake", "postgres://desk@db.example.org/intake?password=Tr0ub4dor-77"] {
            #expect(throws: DatabaseError.self) { try DatabaseURL(url) }
            do { _ = try DatabaseURL(url) } catch {
                #expect(!error.description.contains("Tr0ub4dor"))
                #expect(error.description.contains(".pgpass"))
            }
        }
    }

    @Test("a server whose certificate the client does not trust is refused as a TLS failure; loopback without TLS is turned away")
    func tlsVerified() async throws {
        let server = try await PostgreSQLServer.shared()
        let url = try await server.createDatabase()
        let untrusted = url.replacingOccurrences(of: "sslrootcert=\(server.caFile)", with: "sslrootcert=/etc/ssl/certs/ca-certificates.crt")
        await #expect {
            try await PostgreSQLConnection.connect(try DatabaseURL(untrusted))
        } throws: { error in
            guard case DatabaseError.tlsRefused = error else { return false }
            return true
        }
        let plain = url.replacingOccurrences(of: "sslmode=verify-full", with: "sslmode=disable")
        await #expect(throws: DatabaseError.self) { try await PostgreSQLConnection.connect(try DatabaseURL(plain)) }
    }

    @Test("off loopback the server's certificate is verified for its name unless the URL says otherwise")
    func verifyFullOffLoopback() throws {
        #expect(try DatabaseURL("postgresql://desk@db.example.org/intake").keywordsForTesting.contains { $0 == ("sslmode", "verify-full") })
        #expect(try !DatabaseURL("postgresql://desk@db.example.org/intake?sslmode=require").keywordsForTesting.contains { $0.0 == "sslmode" })
        #expect(try !DatabaseURL("postgresql://desk@127.0.0.1:5432/intake").keywordsForTesting.contains { $0.0 == "sslmode" })
    }

    @Test("a URL without a host is judged by where libpq goes: PGHOST's server is verified, the local socket is not")
    func emptyHostFollowsPGHOST() throws {
        let remote = try DatabaseURL("postgresql://desk@/intake", defaultHosts: ["db.example.org"])
        #expect(remote.keywordsForTesting.contains { $0 == ("sslmode", "verify-full") })
        let socket = try DatabaseURL("postgresql://desk@/intake", defaultHosts: [])
        #expect(!socket.keywordsForTesting.contains { $0.0 == "sslmode" })
        #expect(try !DatabaseURL("postgresql:///intake", defaultHosts: ["/var/run/postgresql"]).keywordsForTesting.contains { $0.0 == "sslmode" })
    }
}
