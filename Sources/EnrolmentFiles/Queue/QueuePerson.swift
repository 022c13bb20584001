/// One person of an enrolment list whose row the sign-up form accepts, or a walk-in added at the desk.
public struct QueuePerson: Sendable, Equatable {
    /// The list's row (the header is row 1); a walk-in's follows the list's last row.
    public let row: Int
    /// Added at the desk, not on the list: the progress file keeps their values, the report and the record say so.
    public let isWalkIn: Bool
    /// The row's email, trimmed.
    public let email: String
    /// The person's name for a list: `displayName`, else given name and surname, else empty.
    public let name: String
    /// The header's names, one array shared by every person of a list.
    private let columns: [String]
    /// The row's fields in the header's order, joined by NUL (which ``CSVReader`` never lets into a field): one
    /// string a person, so a list of 100 000 people stays small (docs/benchmarks.md, "Enrolment queue start").
    private let packed: String

    /// A person from a row read under `columns` (the header's names; `fields` in the same order).
    public init(row: Int, email: String, columns: [String], fields: [String], walkIn: Bool = false) {
        self.row = row
        isWalkIn = walkIn
        self.email = email
        self.columns = columns
        packed = fields.joined(separator: "\0")
        let field = { (name: String) in columns.firstIndex(of: name).map { fields[$0].trimmed(of: [" ", "\t"]) } ?? "" }
        let display = field("displayName")
        name = display.isEmpty ? [field("givenName"), field("surname")].filter { !$0.isEmpty }.joined(separator: " ") : display
    }

    /// A person from column → value.
    public init(row: Int, email: String, values: [String: String], walkIn: Bool = false) {
        let columns = values.keys.sorted()
        self.init(row: row, email: email, columns: columns, fields: columns.map { values[$0] ?? "" }, walkIn: walkIn)
    }

    /// Every column's value but the email's, by column (what the progress file keeps of a walk-in).
    public var values: [String: String] {
        var values: [String: String] = [:]
        for column in columns where column != "email" { values[column] = value(of: column) }
        return values
    }

    /// The row's value in `column`, nil when the list has no such column.
    public func value(of column: String) -> String? {
        guard let index = columns.firstIndex(of: column) else { return nil }
        let fields = packed.split(separator: "\0", omittingEmptySubsequences: false)
        return fields.indices.contains(index) ? String(fields[index]) : nil
    }

    /// Whether `filter` (already lower case) is part of the name or the email, ignoring case.
    public func matches(_ filter: String) -> Bool {
        filter.isEmpty || email.lowercased().contains(filter) || name.lowercased().contains(filter)
    }
}
