/// The progress file beside an enrolment list (`people.csv.progress`): one CSV line per row with an outcome
/// (row, email, outcome, object id, UTC time, AADSTS code, correlation id), after a comment naming the format.
/// Nothing secret: it is made from ``ProgressEntry``s, which have no field for one.
///
/// It is replaced whole at each outcome (``AtomicFileWriter``), so a console killed at any moment leaves the
/// previous outcomes or the new ones, and starts again at the right person.
public enum ProgressFile {
    /// The columns, in order.
    static let columns = ["row", "email", "outcome", "object_id", "time", "code", "correlation_id"]
    private static let signature = "# tophhie enrolment progress 1"

    /// `list` + `.progress`.
    public static func path(besideList list: String) -> String { list + ".progress" }

    /// The file's text for `entries`.
    public static func bytes(_ entries: [ProgressEntry]) -> [UInt8] {
        var text = signature + "\r\n" + CSVField.record(columns)
        for entry in entries {
            text += CSVField.record(["\(entry.row)", entry.email, entry.outcome.rawValue, entry.objectId ?? "", entry.time,
                                     entry.code ?? "", entry.correlationId ?? ""])
        }
        return Array(text.utf8)
    }

    /// Reads the progress file at `path`: none there is no progress yet.
    /// - Throws: ``ProgressFileError`` naming the file and the line that cannot be read; the file is not touched.
    public static func load(_ path: String) throws(ProgressFileError) -> [ProgressEntry] {
        guard let bytes = try AtomicFileWriter.contents(of: path) else { return [] }
        do throws(ProgressFileError) {
            return try parse(bytes)
        } catch {
            throw ProgressFileError("\(path): \(error.message) The file was left as it is: fix that line, or move the file away "
                                    + "to start the list afresh.")
        }
    }

    /// The entries in a progress file's bytes.
    /// - Throws: ``ProgressFileError`` naming the line that cannot be read.
    static func parse(_ bytes: [UInt8]) throws(ProgressFileError) -> [ProgressEntry] {
        guard bytes.starts(with: Array(signature.utf8)) else {
            throw ProgressFileError("not a progress file (its first line is not \"\(signature)\").")
        }
        let reader = CSVReader(bytes: bytes)
        var entries: [ProgressEntry] = []
        do throws(CSVError) {
            guard let first = try reader.next() else { throw CSVError(message: "the header row is missing.") }
            let header = try CSVHeader(first, known: columns, required: columns)
            var seen: Set<Int> = []
            while let record = try reader.next() {
                let values = try header.values(of: record)
                guard let row = Int(values["row"] ?? ""), row > 1 else {
                    throw CSVError(row: record.row, line: record.line, column: 1, columnName: "row", message: "not a row number.")
                }
                guard let outcome = RecordOutcome(rawValue: values["outcome"] ?? "") else {
                    throw CSVError(row: record.row, line: record.line, column: 3, columnName: "outcome",
                                   message: "not an outcome (\(RecordOutcome.allCases.map(\.rawValue).joined(separator: ", "))).")
                }
                let time = values["time"] ?? ""
                guard time.hasSuffix("Z"), time.count == 20 else {
                    throw CSVError(row: record.row, line: record.line, column: 5, columnName: "time", message: "not a UTC time.")
                }
                guard seen.insert(row).inserted else {
                    throw CSVError(row: record.row, line: record.line, message: "row \(row) appears twice.")
                }
                entries.append(ProgressEntry(row: row, email: values["email"] ?? "", outcome: outcome,
                                             objectId: nonEmpty(values["object_id"]), time: time, code: nonEmpty(values["code"]),
                                             correlationId: nonEmpty(values["correlation_id"])))
            }
        } catch {
            // Lines, not rows: the file's rows are not the list's.
            let place = [error.line.map { "line \($0)" }, error.columnName.map { "column \($0)" }].compactMap { $0 }
            throw ProgressFileError((place.isEmpty ? "" : place.joined(separator: ", ") + ": ") + error.message)
        }
        return entries
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
