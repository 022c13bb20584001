import EnrolmentFiles
import Foundation
import Testing

/// The desk's queue and the progress file beside the list: who is next, k of N, outcomes kept, and a resume
/// after a console was killed, from a good, a cut or a changed file.
@Suite struct EnrolmentQueueTests {
    static let people = [
        QueuePerson(row: 2, email: "ana@example.com", values: ["email": "ana@example.com", "displayName": "Ana Silva"]),
        QueuePerson(row: 4, email: "ben@example.com", values: ["email": "ben@example.com", "displayName": "Ben Okafor"]),
        QueuePerson(row: 5, email: "cleo@example.com", values: ["email": "cleo@example.com", "displayName": "Cleo Martin"]),
    ]
    static let invalid = [InvalidRow(row: 3, email: "not-an-email", problems: ["email: Enter an email address like name@example.com."])]

    static func entry(_ row: Int, _ email: String, _ outcome: RecordOutcome, code: String? = nil) -> ProgressEntry {
        ProgressEntry(row: row, email: email, outcome: outcome, objectId: outcome == .enrolled ? "oid-\(row)" : nil,
                      time: "2026-12-02T10:00:0\(row)Z", code: code, correlationId: code == nil ? nil : "corr-\(row)")
    }

    static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "tophhie-queue-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func theNextPersonIsTheFirstWithoutAnOutcomeAndAFailedPersonStaysInTheQueue() throws {
        var queue = try EnrolmentQueue(people: Self.people, invalid: Self.invalid)
        #expect(queue.next?.row == 2)
        #expect(queue.position == (1, 3))
        queue.seat(2)
        queue.record(Self.entry(2, "ana@example.com", .failed, code: "AADSTS50034"))
        #expect(queue.atDesk == nil)
        // Ana may try again, but Ben is next.
        #expect(queue.next?.row == 4)
        #expect(queue.position == (1, 3))
        #expect(queue.pending.map(\.row) == [2, 4, 5])
        queue.record(Self.entry(4, "ben@example.com", .skipped))
        queue.record(Self.entry(5, "cleo@example.com", .enrolled))
        #expect(queue.position == (3, 3))
        #expect(queue.next?.row == 2, "only the failed person is left")
        queue.record(Self.entry(2, "ana@example.com", .enrolled))
        #expect(queue.next == nil)
        #expect(queue.done == 3)
        #expect(queue.progress.map(\.outcome) == [.enrolled, .skipped, .enrolled])
    }

    /// Ben is not there when called: marked absent, he waits after everyone not yet seen and is enrolled when he
    /// turns up; the report then says enrolled.
    @Test func aPersonMarkedAbsentComesLastAndCanStillBeEnrolled() throws {
        var queue = try EnrolmentQueue(people: Self.people, invalid: Self.invalid)
        queue.record(Self.entry(2, "ana@example.com", .enrolled))
        queue.record(Self.entry(4, "ben@example.com", .absent))
        #expect(queue.next?.row == 5)
        #expect(queue.position == (2, 3))
        #expect(queue.pending.map(\.row) == [4, 5], "Ben is still waiting")
        #expect(queue.done == 1)
        #expect(EnrolmentReport.csv(queue).contains("4,ben@example.com,absent,"))
        queue.record(Self.entry(5, "cleo@example.com", .enrolled))
        #expect(queue.next?.row == 4, "Ben comes after everyone not yet seen")
        #expect(queue.position == (3, 3))
        queue.seat(4)
        queue.record(Self.entry(4, "ben@example.com", .enrolled))
        #expect(queue.next == nil)
        #expect(queue.done == 3)
        #expect(EnrolmentReport.csv(queue).contains("4,ben@example.com,enrolled,oid-4,"))
        #expect(EnrolmentReport.markdown(queue, title: "people.csv").contains("4 rows: 3 enrolled, 1 invalid."))
    }

    /// Two desks on one shared queue: desk A took Ana; desk B, told "Row 2 was just taken", shows Ben next, and so does A
    /// once Ana is enrolled, though B's snapshot still has her at a desk. Both say the same "k of N" for Ben.
    @Test func desksOnOneSharedQueueCountThePersonNextAlike() throws {
        var deskB = try EnrolmentQueue(people: Self.people, invalid: Self.invalid)
        deskB.heldElsewhere = [2]
        var deskA = try EnrolmentQueue(people: Self.people, invalid: Self.invalid)
        deskA.record(Self.entry(2, "ana@example.com", .enrolled))
        #expect(deskB.next?.row == 4 && deskA.next?.row == 4)
        #expect(deskB.position == (2, 3), "Ana, at desk A, comes before Ben")
        #expect(deskA.position == (2, 3), "Ana, done with, comes before Ben")
        // A person at another desk with a final outcome is counted once.
        deskA.heldElsewhere = [2, 4]
        #expect(deskA.position == (3, 3) && deskA.next?.row == 5)
    }

    @Test func theFilterFindsByNameOrEmailIgnoringCaseWithTheNextPersonFirst() throws {
        var queue = try EnrolmentQueue(people: Self.people, invalid: Self.invalid)
        #expect(queue.matching("").map(\.row) == [2, 4, 5])
        #expect(queue.matching("OKAF").map(\.row) == [4])
        #expect(queue.matching("cleo@").map(\.row) == [5])
        #expect(queue.matching("example").map(\.row) == [2, 4, 5])
        #expect(queue.matching("nobody").isEmpty)
        queue.record(Self.entry(2, "ana@example.com", .skipped))
        #expect(queue.matching("").map(\.row) == [4, 5], "a skipped person is not offered")
        queue.record(Self.entry(4, "ben@example.com", .failed))
        #expect(queue.matching("").map(\.row) == [5, 4], "the next person comes first")
    }

    @Test func aProgressFileRoundTripsAndResumesAtTheRightPerson() async throws {
        let path = try Self.folder() + "/people.csv.progress"
        var queue = try EnrolmentQueue(people: Self.people, invalid: Self.invalid)
        queue.record(Self.entry(2, "ana@example.com", .enrolled))
        queue.record(Self.entry(4, "ben@example.com", .failed, code: "AADSTS50034"))
        try await AtomicFileWriter(path: path).replace(with: ProgressFile.bytes(queue.progress))

        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let loaded = try ProgressFile.load(path).entries
        #expect(loaded == queue.progress)
        let resumed = try EnrolmentQueue(people: Self.people, invalid: Self.invalid, resuming: loaded)
        #expect(resumed.next?.row == 5)
        #expect(resumed.outcomes[4]?.code == "AADSTS50034")
        #expect(resumed.outcomes[4]?.correlationId == "corr-4")
        #expect(try ProgressFile.load(path + ".none").entries == [], "no file is no progress yet")
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent) == ["people.csv.progress"])
    }

    @Test func aCutOrEditedProgressFileIsRefusedByLineAndLeftAsItIs() throws {
        let path = try Self.folder() + "/people.csv.progress"
        let good = ProgressFile.bytes([Self.entry(2, "ana@example.com", .enrolled), Self.entry(4, "ben@example.com", .absent)])
        let text = String(decoding: good, as: UTF8.self)
        let cases: [(String, String)] = [
            (String(text.dropLast(30)), "line 4"),
            (text.replacing("absent", with: "gone"), "column outcome"),
            (text.replacing("4,ben", with: "x,ben"), "column row"),
            ("row,email\r\n", "not a progress file"),
            (text + "2,ana@example.com,skipped,,2026-12-02T10:00:09Z,,,,\r\n", "row 2 appears twice"),
        ]
        for (contents, expected) in cases {
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: ProgressFileError.self) { try ProgressFile.load(path) }
            #expect(error?.message.contains(expected) == true, "\(error?.message ?? "")")
            #expect(error?.message.contains("left as it is") == true)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == contents, "nothing lost")
        }
    }

    @Test func progressForAListThatChangedSinceIsRefused() throws {
        let moved = [Self.entry(4, "someone.else@example.com", .enrolled)]
        let error = #expect(throws: ProgressFileError.self) {
            try EnrolmentQueue(people: Self.people, invalid: Self.invalid, resuming: moved)
        }
        #expect(error?.message.contains("row 4 is ben@example.com in the list but someone.else@example.com") == true, "\(error?.message ?? "")")
        #expect(throws: ProgressFileError.self) {
            try EnrolmentQueue(people: Self.people, invalid: Self.invalid, resuming: [Self.entry(3, "not-an-email", .enrolled)])
        }
    }

    /// The progress names the row's person in the one form addresses are compared in: a list re-saved with the
    /// address in capitals or another normal form is the same list.
    @Test func progressForTheSameAddressWrittenAnotherWayResumes() throws {
        let person = QueuePerson(row: 2, email: "straße@example.com", values: ["email": "straße@example.com", "displayName": "Jo Straße"])
        let queue = try EnrolmentQueue(people: [person], invalid: [], resuming: [Self.entry(2, "STRASSE@EXAMPLE.COM", .skipped)])
        #expect(queue.outcomes[2]?.outcome == .skipped)
        #expect(queue.next == nil)
    }

    @Test func theReportListsEveryRowInListOrderAsCSVOrMarkdown() throws {
        var queue = try EnrolmentQueue(people: Self.people, invalid: Self.invalid)
        queue.record(Self.entry(2, "ana@example.com", .enrolled))
        queue.record(Self.entry(4, "ben@example.com", .failed, code: "AADSTS50034"))
        let csv = EnrolmentReport.csv(queue)
        let rows = try CSVReaderTests().records(csv)
        #expect(rows.map { $0[2] } == ["result", "enrolled", "invalid", "failed", "not reached"])
        #expect(rows[1][3] == "oid-2")
        #expect(rows[3][5] == "AADSTS50034" && rows[3][6] == "corr-4")
        #expect(rows[2][7].contains("email: Enter an email address"))
        let markdown = EnrolmentReport.markdown(queue, title: "people.csv")
        #expect(markdown.contains("4 rows: 1 enrolled, 1 failed, 1 invalid, 1 not reached."), "\(markdown)")
        #expect(markdown.contains("| 4 | ben@example.com | failed |"))
        #expect(EnrolmentReport.bytes(queue, path: "r.MD", title: "x") == Array(EnrolmentReport.markdown(queue, title: "x").utf8))
    }
}
