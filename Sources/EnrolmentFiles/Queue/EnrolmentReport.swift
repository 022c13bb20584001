import TerminalUI

/// The per-row result of an enrolment list: every row in list order with what happened (enrolled,
/// already-exists, failed, absent, skipped, invalid, or not reached), then the walk-ins (note `walk-in`), as CSV or as a Markdown table for a
/// ticket. Made from the queue's rows and outcomes only: nothing secret. Rows are written one at a time into
/// the text, so a report of 100 000 rows costs its own bytes and little more.
public enum EnrolmentReport {
    /// The CSV's columns.
    static let columns = ["row", "email", "result", "object_id", "time", "code", "correlation_id", "note"]

    /// Calls `body` with each row's report line, in list order (the queue's people and invalid rows merged).
    static func forEachRow(_ queue: EnrolmentQueue, _ body: ([String]) -> Void) {
        var people = queue.people.makeIterator(), invalid = queue.invalid.makeIterator()
        var person = people.next(), bad = invalid.next()
        while person != nil || bad != nil {
            if let row = bad, person.map({ row.row < $0.row }) ?? true {
                body(["\(row.row)", row.email, "invalid", "", "", "", "", ProblemList.joined(row.problems)])
                bad = invalid.next()
            } else if let current = person {
                let note = current.isWalkIn ? "walk-in" : ""
                if let entry = queue.outcomes[current.row] {
                    body(["\(current.row)", current.email, entry.outcome.rawValue, entry.objectId ?? "", entry.time, entry.code ?? "",
                          entry.correlationId ?? "", note])
                } else {
                    body(["\(current.row)", current.email, "not reached", "", "", "", "", note])
                }
                person = people.next()
            }
        }
    }

    /// The report as RFC 4180 CSV, with a header row; made to be opened in a spreadsheet, so a cell that one would
    /// run as a formula starts with `'` (``CSVField/spreadsheetRecord(_:)``).
    public static func csv(_ queue: EnrolmentQueue) -> String {
        var text = CSVField.spreadsheetRecord(columns)
        forEachRow(queue) { text += CSVField.spreadsheetRecord($0) }
        return text
    }

    /// The report as Markdown: a count line and a table (`|` and line breaks in values escaped).
    public static func markdown(_ queue: EnrolmentQueue, title: String) -> String {
        var counts: [String: Int] = [:]
        var table = "| " + columns.joined(separator: " | ") + " |\n|" + String(repeating: " --- |", count: columns.count) + "\n"
        forEachRow(queue) { row in
            counts[row[2], default: 0] += 1
            table += "| " + row.map(cell).joined(separator: " | ") + " |\n"
        }
        let order = RecordOutcome.allCases.map(\.rawValue) + ["invalid", "not reached"]
        let summary = order.compactMap { name in counts[name].map { "\($0) \(name)" } }.joined(separator: ", ")
        let walkIns = queue.people.count { $0.isWalkIn }
        let among = walkIns == 0 ? "" : " (\(walkIns) walk-in\(walkIns == 1 ? "" : "s"))"
        return "# Enrolment report: \(cell(title))\n\n\(queue.people.count + queue.invalid.count) rows\(among): \(summary).\n\n" + table
    }

    /// The report for a file at `path`: Markdown when it ends `.md`, CSV otherwise.
    public static func bytes(_ queue: EnrolmentQueue, path: String, title: String) -> [UInt8] {
        Array((path.lowercased().hasSuffix(".md") ? markdown(queue, title: title) : csv(queue)).utf8)
    }

    private static func cell(_ text: String) -> String { MarkdownText.inline(text) }
}
