import EnrolmentFiles
import Foundation
import Testing

/// Reports are opened in Excel or LibreOffice: a cell a spreadsheet would run as a formula is written as text (a
/// leading `'`), while the progress file, which the console reads back, keeps every value exactly.
@Suite struct ReportFormulaTests {
    static let people = [
        QueuePerson(row: 2, email: "ana@example.com", values: ["email": "ana@example.com"]),
        QueuePerson(row: 4, email: "=2+3@example.com", values: ["email": "=2+3@example.com"]),
        QueuePerson(row: 5, email: "+cmd|calc!A0@example.com", values: ["email": "+cmd|calc!A0@example.com"]),
        QueuePerson(row: 6, email: "=9+9@example.com", values: ["email": "=9+9@example.com"]),
    ]
    static let invalid = [
        InvalidRow(row: 3, email: "=1+1", problems: ["-2"]),
        InvalidRow(row: 7, email: "@SUM(A1)", problems: ["\tcell", "x"]),
        InvalidRow(row: 8, email: "-2", problems: ["\r=1+1"]),
    ]

    @Test func aCellASpreadsheetWouldRunStartsWithAnApostropheAndTheRestAreAsTheyWere() throws {
        var queue = try EnrolmentQueue(people: Self.people, invalid: Self.invalid)
        queue.record(ProgressEntry(row: 2, email: "ana@example.com", outcome: .absent, time: "2026-12-03T10:00:00Z"))
        let rows = try CSVReaderTests().records(EnrolmentReport.csv(queue))
        let byRow = Dictionary(uniqueKeysWithValues: rows.dropFirst().map { ($0[0], $0) })
        #expect(byRow["2"]?[1] == "ana@example.com", "a normal address is left alone")
        #expect(byRow["2"]?[4] == "2026-12-03T10:00:00Z")
        #expect(byRow["4"]?[1] == "'=2+3@example.com")
        #expect(byRow["5"]?[1] == "'+cmd|calc!A0@example.com")
        #expect(byRow["6"]?[1] == "'=9+9@example.com")
        #expect(byRow["3"]?[1] == "'=1+1")
        #expect(byRow["3"]?[7] == "'-2", "a negative-looking note starts with - and is made text too")
        #expect(byRow["7"]?[1] == "'@SUM(A1)")
        #expect(byRow["7"]?[7] == "'\tcell; x", "a leading TAB")
        #expect(byRow["8"]?[1] == "'-2")
        #expect(byRow["8"]?[7] == "'\r=1+1", "a leading CR, quoted as RFC 4180 says")
        // No cell of the file starts with a formula character.
        for row in rows {
            for cell in row {
                #expect(!["=", "+", "-", "@", "\t", "\r"].contains(where: cell.hasPrefix), "\(row)")
            }
        }
    }

    @Test func theProgressFileKeepsAFormulaLookingAddressExactly() async throws {
        var queue = try EnrolmentQueue(people: Self.people, invalid: Self.invalid)
        queue.record(ProgressEntry(row: 4, email: "=2+3@example.com", outcome: .skipped, time: "2026-12-03T10:00:00Z"))
        let walkIn = queue.addWalkIn(email: "-2@example.com", values: ["displayName": "@SUM(A1)"])
        let path = try EnrolmentQueueTests.folder() + "/people.csv.progress"
        try await AtomicFileWriter(path: path).replace(with: ProgressFile.bytes(queue.progress, walkIns: queue.walkIns))
        let loaded = try ProgressFile.load(path)
        #expect(loaded.entries == queue.progress)
        #expect(loaded.entries.first?.email == "=2+3@example.com")
        #expect(loaded.walkIns == [walkIn])
    }
}
