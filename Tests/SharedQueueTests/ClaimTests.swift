import EnrolmentFiles
import SharedQueue
import Testing
import TestSupport

@Suite("Shared queue claims")
struct ClaimTests {
    @Test("two desks claiming at once never get the same person, and each gets the next in list order")
    func twoDesksNeverShare() async throws {
        let fixture = try await EventFixture.make(people: 40)
        let (first, second) = (try await fixture.desk("desk 1"), try await fixture.desk("desk 2"))
        var seen: [Int] = []
        for _ in 0..<20 {
            async let a = first.claim()
            async let b = second.claim()
            let (one, two) = (try await a, try await b)
            let rows = [one?.row, two?.row].compactMap { $0 }
            #expect(rows.count == 2)
            #expect(Set(rows).count == 2, "both desks claimed row \(rows)")
            seen += rows
            try await first.finish(row: try #require(one).row, EventFixture.entry(try #require(one).email, .enrolled))
            try await second.finish(row: try #require(two).row, EventFixture.entry(try #require(two).email, .enrolled, desk: "desk 2"))
        }
        #expect(Set(seen) == Set(2...41))
        #expect(try await first.claim() == nil)
        await first.close()
        await second.close()
    }

    @Test("a held person is neither next nor pending at another desk, and is offered again once released")
    func heldPersonHidden() async throws {
        let fixture = try await EventFixture.make(people: 3)
        let (first, second) = (try await fixture.desk("desk 1"), try await fixture.desk("desk 2"))
        let held = try #require(try await first.claim())
        #expect(held.row == 2)
        let elsewhere = try await second.snapshot().queue
        #expect(elsewhere.next?.row == 3)
        #expect(elsewhere.pending.map(\.row) == [3, 4])
        #expect(try await second.claim(row: 2) == nil)
        try await first.release()
        #expect(try await second.snapshot().queue.next?.row == 2)
        #expect(try await second.claim(row: 2)?.row == 2)
        await first.close()
        await second.close()
    }

    @Test("a claim, an outcome and a release at one desk are told to another desk's listener as they commit")
    func changesAreNotified() async throws {
        let fixture = try await EventFixture.make(people: 3)
        let (first, second) = (try await fixture.desk("desk 1"), try await fixture.desk("desk 2"))
        let listener = try await QueueListener.start(fixture.url, event: second.event.id)
        defer { listener.stop() }
        let person = try #require(try await first.claim())
        #expect(await eventually { listener.takeChange() }, "the claim was not told")
        try await first.finish(row: person.row, EventFixture.entry(person.email, .enrolled))
        #expect(await eventually { listener.takeChange() }, "the outcome was not told")
        _ = try await first.claim()
        #expect(await eventually { listener.takeChange() })
        try await first.release()
        #expect(await eventually { listener.takeChange() }, "the release was not told")
        await first.close()
        await second.close()
    }

    @Test("a desk whose session dies loses its claim at once: the person is offered again")
    func claimFreedWhenSessionDies() async throws {
        let fixture = try await EventFixture.make(people: 2)
        let (first, second) = (try await fixture.desk("desk 1"), try await fixture.desk("desk 2"))
        #expect(try await first.claim()?.row == 2)
        #expect(try await second.claim()?.row == 3)
        try await second.release()
        // The first desk's backend is killed, as a desk's death or a lost network ends it.
        let database = String(fixture.url.text.split(separator: "/")[2].prefix { $0 != "?" })
        try await fixture.server.superuser("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)' "
                                           + "AND pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory')")
        #expect(await eventually { (try? await second.snapshot().queue.next?.row) == 2 })
        #expect(try await second.claim()?.row == 2)
        await first.close()
        await second.close()
    }

    /// Person 2 is not there when desk 1 calls them; desk 2 calls person 3, then person 2, who has turned up meanwhile.
    @Test("a person one desk marks absent is offered again after everyone not yet seen, and another desk enrols them")
    func absentPersonOfferedAgain() async throws {
        let fixture = try await EventFixture.make(people: 3)
        let (first, second) = (try await fixture.desk("desk 1"), try await fixture.desk("desk 2"))
        let one = try #require(try await first.claim())
        try await first.finish(row: one.row, EventFixture.entry(one.email, .enrolled))
        let absent = try #require(try await first.claim())
        #expect(absent.row == 3)
        try await first.finish(row: absent.row, EventFixture.entry(absent.email, .absent))
        let seen = try await second.snapshot().queue
        #expect(seen.pending.map(\.row) == [3, 4], "still waiting")
        #expect(seen.next?.row == 4)
        #expect(seen.position == (2, 3))
        let status = try await second.status()
        #expect(status.done == 1 && status.waiting == 2)
        let third = try #require(try await second.claim())
        #expect(third.row == 4)
        try await second.finish(row: third.row, EventFixture.entry(third.email, .enrolled, desk: "desk 2"))
        #expect(try await second.claim()?.row == 3, "the absent person comes last")
        try await second.finish(row: 3, EventFixture.entry(absent.email, .enrolled, desk: "desk 2"))
        let queue = try await first.snapshot().queue
        #expect(queue.outcomes[3]?.outcome == .enrolled)
        #expect(queue.next == nil && queue.done == 3)
        #expect(EnrolmentReport.csv(queue).contains("3,person2@contoso.com,enrolled,"))
        let record = String(decoding: try await first.record(), as: UTF8.self)
        let outcomes = record.split(separator: "\n").compactMap { line in RecordOutcome.allCases.first { line.contains(#""outcome":"\#($0.rawValue)""#) } }
        #expect(outcomes == [.enrolled, .absent, .enrolled, .enrolled], "\(record)")
        #expect(record.split(separator: "\n").filter { $0.contains("person2@") }.count == 2)
        await first.close()
        await second.close()
    }
}
