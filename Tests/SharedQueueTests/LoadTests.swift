import EnrolmentFiles
import SharedQueue
import Testing
import TestSupport

@Suite("Shared queue load")
struct LoadTests {
    @Test("loading the same list again adds nothing; new rows are added")
    func loadIsIdempotent() async throws {
        let fixture = try await EventFixture.make(people: 3)
        let again = try await fixture.load(EventFixture.rows(3))
        #expect(!again.created && again.added == 0 && again.unchanged == 3 && again.changed.isEmpty)
        let longer = try await fixture.load(EventFixture.rows(5))
        #expect(longer.added == 2 && longer.unchanged == 3)
        let queue = try await fixture.desk("desk 1")
        #expect(try await queue.snapshot().queue.people.map(\.row) == [2, 3, 4, 5, 6])
        await queue.close()
    }

    @Test("a row that changed since it was loaded is named with what changed, and keeps what was loaded")
    func changedRowNamed() async throws {
        let fixture = try await EventFixture.make(people: 3)
        let edited = EventFixture.rows(3) { $0 == 2 ? "Pat Doe" : "Person \($0)" }
        let outcome = try await fixture.load(edited)
        #expect(outcome.changed == ["row 3: displayName was \"Person 2\", now \"Pat Doe\"; kept as loaded."])
        #expect(outcome.added == 0)
        let queue = try await fixture.desk("desk 1")
        #expect(try await queue.snapshot().queue.person(at: 3)?.name == "Person 2")
        await queue.close()
    }

    @Test("a walk-in goes after the list, is held by the desk that added it, and an email listed already is refused")
    func walkIn() async throws {
        let fixture = try await EventFixture.make(people: 2)
        let queue = try await fixture.desk("desk 1")
        let walkIn = try await queue.addWalkIn(email: "sam@contoso.com", values: ["displayName": "Sam"])
        #expect(walkIn.row == 4 && walkIn.name == "Sam")
        let snapshot = try await queue.snapshot()
        #expect(snapshot.walkIns == [4])
        await #expect(throws: DatabaseError.listedAlready(row: 2)) { try await queue.addWalkIn(email: "PERSON1@contoso.com", values: [:]) }
        await queue.close()
    }
}
