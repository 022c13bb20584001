/// Why a CSV file cannot be read: where (row, line and column, when known) and what to do about it.
///
/// Rows and lines count from 1 (the header is row 1); columns from 1, with the header's name when the
/// header has been read.
public struct CSVError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The record, as ``CSVRecord/row``; nil for a problem with the whole file (it cannot be opened).
    public let row: Int?
    /// The file line where the problem is.
    public let line: Int?
    /// The column, from 1.
    public let column: Int?
    /// The header's name for ``column``, when known.
    public let columnName: String?
    /// A sentence saying what is wrong and how to fix it.
    public let message: String

    /// Memberwise; everything but `message` may be unknown.
    public init(row: Int? = nil, line: Int? = nil, column: Int? = nil, columnName: String? = nil, message: String) {
        self.row = row
        self.line = line
        self.column = column
        self.columnName = columnName
        self.message = message
    }

    /// `row 4 (line 6), column 2 (email): message`; the parts that are unknown are left out.
    public var description: String {
        var place: [String] = []
        if let row {
            place.append(line.map { $0 == row ? "row \(row)" : "row \(row) (line \($0))" } ?? "row \(row)")
        }
        if let column {
            place.append(columnName.map { "column \(column) (\($0))" } ?? "column \(column)")
        }
        return place.isEmpty ? message : place.joined(separator: ", ") + ": " + message
    }
}
