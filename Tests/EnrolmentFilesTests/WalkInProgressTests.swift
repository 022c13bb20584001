import EnrolmentFiles
import Foundation
import Testing

/// Walk-ins in the queue and the progress file: numbered after the list's last row, written to the progress
/// file when they are added (before any outcome), so a desk killed while one is at the desk offers them again.
@Suite struct WalkInProgressTests {
    static let people = EnrolmentQueueTests.people
    static let invalid = EnrolmentQueueTests.invalid

    @Test func aWalkInIsKnownToTheProgressFileFromTheMomentTheyAreAdded() async throws {
        var queue = try EnrolmentQueue(people: Self.people, invalid: Self.invalid)
        queue.record(EnrolmentQueueTests.entry(2, "ana@example.com", .enrolled))
        // A name with a comma, a quote and a line break: the nested record keeps it whole.
        let first = queue.addWalkIn(email: "dana@example.com", values: ["displayName": "Dana \"Dee\" Ruiz, Jr.\nII", "city": "Łódź"])
        let second = queue.addWalkIn(email: "eli@example.com", values: [:])
        #expect(first.row == 6 && second.row == 7, "after the list's last row (5)")
        #expect(first.isWalkIn && second.isWalkIn)
        queue.seat(first.row)
        queue.record(ProgressEntry(row: 7, email: "eli@example.com", outcome: .skipped, time: "2026-12-02T10:00:07Z"))

        let path = try EnrolmentQueueTests.folder() + "/people.csv.progress"
        try await AtomicFileWriter(path: path).replace(with: ProgressFile.bytes(queue.progress, walkIns: queue.walkIns))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\r\n6,dana@example.com,,,,,,yes,"), "a walk-in with no outcome yet:\n\(text)")
        #expect(text.contains("\r\n7,eli@example.com,skipped,,2026-12-02T10:00:07Z,,,yes,\r\n"), "\(text)")

        // Started again (the desk was killed while Dana was at it): Dana is offered again, with her values.
        let loaded = try ProgressFile.load(path)
        #expect(loaded.walkIns == [first, second])
        let resumed = try EnrolmentQueue(people: Self.people, invalid: Self.invalid, resuming: loaded.entries, walkIns: loaded.walkIns)
        #expect(resumed.pending.map(\.row) == [4, 5, 6], "Dana waits after the list's people")
        #expect(resumed.person(at: 6) == first)
        #expect(resumed.person(at: 6)?.value(of: "displayName") == "Dana \"Dee\" Ruiz, Jr.\nII")
        #expect(resumed.person(at: 6)?.value(of: "city") == "Łódź")
        #expect(resumed.outcomes[7]?.outcome == .skipped)
        #expect(resumed.position == (3, 5))
        var again = resumed
        #expect(again.addWalkIn(email: "fay@example.com", values: [:]).row == 8, "numbered on after the earlier walk-ins")

        // The report lists them after the list, marked.
        let markdown = EnrolmentReport.markdown(resumed, title: "people.csv")
        #expect(markdown.contains("6 rows (2 walk-ins): 1 enrolled, 1 skipped, 1 invalid, 3 not reached."), "\(markdown)")
        #expect(markdown.contains("| 7 | eli@example.com | skipped |  | 2026-12-02T10:00:07Z |  |  | walk-in |"), "\(markdown)")
        #expect(markdown.contains("| 2 | ana@example.com | enrolled | oid-2 | 2026-12-02T10:00:02Z |  |  |  |"))
    }

    /// A list that grew since the walk-ins were added has another person on their rows: resuming would mix them up.
    @Test func aWalkInOnARowTheListHasNowIsRefused() throws {
        let walkIn = QueuePerson(row: 5, email: "dana@example.com", values: [:], walkIn: true)
        let error = #expect(throws: ProgressFileError.self) {
            try EnrolmentQueue(people: Self.people, invalid: Self.invalid, walkIns: [walkIn])
        }
        #expect(error?.message.contains("walk-in row 5 (dana@example.com), which is a row of the list now") == true, "\(error?.message ?? "")")
    }

    /// A progress file written before walk-ins (seven columns) still resumes.
    @Test func aProgressFileWithoutTheWalkInColumnsResumes() throws {
        let path = try EnrolmentQueueTests.folder() + "/people.csv.progress"
        let old = "# tophhie enrolment progress 1\r\nrow,email,outcome,object_id,time,code,correlation_id\r\n"
            + "4,ben@example.com,absent,,2026-12-02T10:00:04Z,,\r\n"
        try Data(old.utf8).write(to: URL(fileURLWithPath: path))
        let loaded = try ProgressFile.load(path)
        #expect(loaded.entries.map(\.row) == [4])
        #expect(loaded.walkIns.isEmpty)
    }
}
