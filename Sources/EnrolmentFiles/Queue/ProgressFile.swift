/// The progress file beside an enrolment list (`people.csv.progress`): one CSV line per row with an outcome
/// (row, email, outcome, object id, UTC time, AADSTS code, correlation id), after a comment naming the format;
/// and one per walk-in from the moment they are added (`walk_in` `yes`, their form values in `attributes`, the
/// outcome empty until there is one), so a desk started again knows them. Nothing secret: it is made from
/// ``ProgressEntry``s and the walk-ins' form values, which have no field for one.
///
/// It is replaced whole at each outcome (``AtomicFileWriter``), so a console killed at any moment leaves the
/// previous outcomes or the new ones, and starts again at the right person.
public enum ProgressFile {
    /// The columns, in order; a file written before walk-ins has the first seven.
    static let columns = ["row", "email", "outcome", "object_id", "time", "code", "correlation_id", "walk_in", "attributes"]
    private static let required = Array(columns.prefix(7))

    /// What a progress file holds.
    public struct Contents: Sendable, Equatable {
        /// The latest outcome of each row that has one, in file order.
        public var entries: [ProgressEntry]
        /// The walk-ins added at the desk, with or without an outcome.
        public var walkIns: [QueuePerson]
    }
    private static let signature = "# tophhie enrolment progress 1"

    /// `list` + `.progress`.
    public static func path(besideList list: String) -> String { list + ".progress" }

    /// The file's text for `entries` and `walkIns`, in row order.
    public static func bytes(_ entries: [ProgressEntry], walkIns: [QueuePerson] = []) -> [UInt8] {
        var text = signature + "\r\n" + CSVField.record(columns)
        let byRow = Dictionary(walkIns.map { ($0.row, $0) }, uniquingKeysWith: { first, _ in first })
        let rows = Set(entries.map(\.row)).union(byRow.keys).sorted()
        let entryOf = Dictionary(entries.map { ($0.row, $0) }, uniquingKeysWith: { _, last in last })
        for row in rows {
            let entry = entryOf[row], walkIn = byRow[row]
            text += CSVField.record(["\(row)", entry?.email ?? walkIn?.email ?? "", entry?.outcome.rawValue ?? "", entry?.objectId ?? "",
                                     entry?.time ?? "", entry?.code ?? "", entry?.correlationId ?? "", walkIn == nil ? "" : "yes",
                                     walkIn.map { attributes($0.values) } ?? ""])
        }
        return Array(text.utf8)
    }

    /// A walk-in's form values in one field: a CSV record of name, value, name, value…, names in order.
    static func attributes(_ values: [String: String]) -> String {
        guard !values.isEmpty else { return "" }
        return values.keys.sorted().flatMap { [$0, values[$0] ?? ""] }.map(CSVField.quoted).joined(separator: ",")
    }

    /// Reads the progress file at `path`: none there is no progress yet.
    /// - Throws: ``ProgressFileError`` naming the file and the line that cannot be read; the file is not touched.
    public static func load(_ path: String) throws(ProgressFileError) -> Contents {
        guard let bytes = try AtomicFile.contents(of: path) else { return Contents(entries: [], walkIns: []) }
        do throws(ProgressFileError) {
            return try parse(bytes)
        } catch {
            throw ProgressFileError("\(path): \(error.message) The file was left as it is: fix that line, or move the file away "
                                    + "to start the list afresh.")
        }
    }

    /// The entries in a progress file's bytes.
    /// - Throws: ``ProgressFileError`` naming the line that cannot be read.
    static func parse(_ bytes: [UInt8]) throws(ProgressFileError) -> Contents {
        guard bytes.starts(with: Array(signature.utf8)) else {
            throw ProgressFileError("not a progress file (its first line is not \"\(signature)\").")
        }
        let reader = CSVReader(bytes: bytes)
        var entries: [ProgressEntry] = []
        var walkIns: [QueuePerson] = []
        do throws(CSVError) {
            guard let first = try reader.next() else { throw CSVError(message: "the header row is missing.") }
            let header = try CSVHeader(first, known: columns, required: required)
            var seen: Set<Int> = []
            while let record = try reader.next() {
                let values = try header.values(of: record)
                guard let row = Int(values["row"] ?? ""), row > 1 else {
                    throw CSVError(row: record.row, line: record.line, column: 1, columnName: "row", message: "not a row number.")
                }
                guard seen.insert(row).inserted else {
                    throw CSVError(row: record.row, line: record.line, message: "row \(row) appears twice.")
                }
                let email = values["email"] ?? ""
                if values["walk_in"] == "yes" {
                    walkIns.append(QueuePerson(row: row, email: email, values: try walkInValues(values["attributes"] ?? "", record), walkIn: true))
                    // A walk-in added but not yet done with.
                    if values["outcome"] ?? "" == "" { continue }
                }
                guard let outcome = RecordOutcome(rawValue: values["outcome"] ?? "") else {
                    throw CSVError(row: record.row, line: record.line, column: 3, columnName: "outcome",
                                   message: "not an outcome (\(RecordOutcome.allCases.map(\.rawValue).joined(separator: ", "))).")
                }
                let time = values["time"] ?? ""
                guard time.hasSuffix("Z"), time.count == 20 else {
                    throw CSVError(row: record.row, line: record.line, column: 5, columnName: "time", message: "not a UTC time.")
                }
                entries.append(ProgressEntry(row: row, email: email, outcome: outcome,
                                             objectId: nonEmpty(values["object_id"]), time: time, code: nonEmpty(values["code"]),
                                             correlationId: nonEmpty(values["correlation_id"])))
            }
        } catch {
            // Lines, not rows: the file's rows are not the list's.
            let place = [error.line.map { "line \($0)" }, error.columnName.map { "column \($0)" }].compactMap { $0 }
            throw ProgressFileError((place.isEmpty ? "" : place.joined(separator: ", ") + ": ") + error.message)
        }
        return Contents(entries: entries, walkIns: walkIns)
    }

    /// The name → value pairs of a walk-in's `attributes` field.
    private static func walkInValues(_ field: String, _ record: CSVRecord) throws(CSVError) -> [String: String] {
        guard !field.isEmpty else { return [:] }
        let fields = (try? CSVReader(bytes: Array(field.utf8)).next())??.fields ?? []
        guard !fields.isEmpty, fields.count.isMultiple(of: 2) else {
            throw CSVError(row: record.row, line: record.line, columnName: "attributes", message: "not name, value pairs.")
        }
        return Dictionary(stride(from: 0, to: fields.count, by: 2).map { (fields[$0], fields[$0 + 1]) }, uniquingKeysWith: { _, last in last })
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
