/// One record of a CSV file, as ``CSVReader`` returns it.
public struct CSVRecord: Sendable, Equatable {
    /// Its place among the file's records, from 1 (the header): the row number a spreadsheet shows, since a
    /// spreadsheet also counts a record with a quoted line break as one row.
    public let row: Int
    /// The file line it starts on, from 1 (differs from ``row`` after a quoted line break).
    public let line: Int
    /// Its fields, unquoted, in file order.
    public let fields: [String]

    /// Memberwise.
    public init(row: Int, line: Int, fields: [String]) {
        self.row = row
        self.line = line
        self.fields = fields
    }
}
