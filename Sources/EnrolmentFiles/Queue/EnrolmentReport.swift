/// The per-row result of an enrolment list: every row in list order with what happened (enrolled,
/// already-exists, failed, absent, skipped, invalid, or not reached), as CSV or as a Markdown table for a
/// ticket. Made from the queue's rows and outcomes only: nothing secret.
public enum EnrolmentReport {
    /// The CSV's columns.
    static let columns = ["row", "email", "result", "object_id", "time", "code", "correlation_id", "note"]

    /// One report line per row of `queue`, in list order.
    static func rows(_ queue: EnrolmentQueue) -> [[String]] {
        var rows: [(Int, [String])] = queue.people.map { person in
            guard let entry = queue.outcomes[person.row] else {
                return (person.row, ["\(person.row)", person.email, "not reached", "", "", "", "", ""])
            }
            return (person.row, ["\(person.row)", person.email, entry.outcome.rawValue, entry.objectId ?? "", entry.time,
                                 entry.code ?? "", entry.correlationId ?? "", ""])
        }
        rows += queue.invalid.map { ($0.row, ["\($0.row)", $0.email, "invalid", "", "", "", "", $0.problems.joined(separator: "; ")]) }
        return rows.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The report as RFC 4180 CSV, with a header row.
    public static func csv(_ queue: EnrolmentQueue) -> String {
        ([columns] + rows(queue)).map(CSVField.record).joined()
    }

    /// The report as Markdown: a count line and a table (`|` and line breaks in values escaped).
    public static func markdown(_ queue: EnrolmentQueue, title: String) -> String {
        let counts = Dictionary(grouping: rows(queue), by: { $0[2] }).mapValues(\.count)
        let order = RecordOutcome.allCases.map(\.rawValue) + ["invalid", "not reached"]
        let summary = order.compactMap { name in counts[name].map { "\($0) \(name)" } }.joined(separator: ", ")
        var text = "# Enrolment report: \(cell(title))\n\n\(queue.people.count + queue.invalid.count) rows: \(summary).\n\n"
        text += "| " + columns.joined(separator: " | ") + " |\n"
        text += "|" + String(repeating: " --- |", count: columns.count) + "\n"
        for row in rows(queue) {
            text += "| " + row.map(cell).joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// The report for a file at `path`: Markdown when it ends `.md`, CSV otherwise.
    public static func bytes(_ queue: EnrolmentQueue, path: String, title: String) -> [UInt8] {
        Array((path.lowercased().hasSuffix(".md") ? markdown(queue, title: title) : csv(queue)).utf8)
    }

    private static func cell(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("|", with: "\\|").replacing("\r\n", with: " ").replacing("\n", with: " ")
            .replacing("\r", with: " ")
    }
}
