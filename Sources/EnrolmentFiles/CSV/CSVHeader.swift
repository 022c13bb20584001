/// A CSV file's header checked against the columns a command understands, and each later record read
/// through it as column name → value.
public struct CSVHeader: Sendable, Equatable {
    /// The column names in file order, spaces around them dropped.
    public let names: [String]

    /// Checks the header record.
    /// - Parameters:
    ///   - record: the file's first record.
    ///   - known: every column the command understands.
    ///   - required: the columns that must be there (a subset of `known`).
    /// - Throws: ``CSVError`` for an empty or repeated column name, a column not in `known` (naming them all
    ///   and the known ones), or a column of `required` that is missing (naming them all).
    public init(_ record: CSVRecord, known: [String], required: [String]) throws(CSVError) {
        names = record.fields.map { $0.trimmed(of: [" ", "\t"]) }
        var seen: Set<String> = []
        for (index, name) in names.enumerated() {
            guard !name.isEmpty else {
                throw CSVError(row: record.row, line: record.line, column: index + 1, message: "a column without a name; every column needs one.")
            }
            guard seen.insert(name).inserted else {
                throw CSVError(row: record.row, line: record.line, column: index + 1, columnName: name, message: "the column \(name) appears twice.")
            }
        }
        let unknown = names.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw CSVError(row: record.row, line: record.line,
                           message: "unknown column\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", ")); the columns are "
                               + known.joined(separator: ", ") + ".")
        }
        let missing = required.filter { !names.contains($0) }
        guard missing.isEmpty else {
            throw CSVError(row: record.row, line: record.line,
                           message: "missing column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) (required).")
        }
    }

    /// `record`'s values by column name.
    /// - Throws: ``CSVError`` when it has more or fewer fields than the header (a lost comma or quote).
    public func values(of record: CSVRecord) throws(CSVError) -> [String: String] {
        try check(record)
        return Dictionary(uniqueKeysWithValues: zip(names, record.fields))
    }

    /// Checks that `record` has one field per column, for a reader that takes its fields by position.
    /// - Throws: ``CSVError`` when it has more or fewer fields than the header (a lost comma or quote).
    public func check(_ record: CSVRecord) throws(CSVError) {
        guard record.fields.count == names.count else {
            throw CSVError(row: record.row, line: record.line,
                           message: "\(record.fields.count) field\(record.fields.count == 1 ? "" : "s") where the header has \(names.count) "
                               + "(a missing or extra separator, or a quote not closed?).")
        }
    }
}

extension String {
    /// Without leading and trailing characters of `set` (Foundation-free).
    func trimmed(of set: Set<Character>) -> String {
        guard let first = firstIndex(where: { !set.contains($0) }), let last = lastIndex(where: { !set.contains($0) }) else { return "" }
        return String(self[first...last])
    }
}
