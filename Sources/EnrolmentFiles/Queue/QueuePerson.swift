/// One person of an enrolment list whose row the sign-up form accepts.
public struct QueuePerson: Sendable, Equatable {
    /// The list's row (the header is row 1).
    public let row: Int
    /// The row's email, trimmed.
    public let email: String
    /// The header's names, one array shared by every person of a list, and this row's fields in that order: a
    /// list of 100 000 people costs an array of strings each, not a dictionary each.
    private let columns: [String]
    private let fields: [String]

    /// A person from a row read under `columns` (the header's names; `fields` in the same order).
    public init(row: Int, email: String, columns: [String], fields: [String]) {
        self.row = row
        self.email = email
        self.columns = columns
        self.fields = fields
    }

    /// A person from column → value.
    public init(row: Int, email: String, values: [String: String]) {
        let columns = values.keys.sorted()
        self.init(row: row, email: email, columns: columns, fields: columns.map { values[$0] ?? "" })
    }

    /// The row's value in `column`, nil when the list has no such column.
    public func value(of column: String) -> String? {
        columns.firstIndex(of: column).map { fields[$0] }
    }

    /// The person's name for a list: `displayName`, else given name and surname, else empty.
    public var name: String {
        if let display = value(of: "displayName")?.trimmed(of: [" ", "\t"]), !display.isEmpty { return display }
        return [value(of: "givenName"), value(of: "surname")].compactMap { $0?.trimmed(of: [" ", "\t"]) }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// Whether `filter` (already lower case) is part of the name or the email, ignoring case.
    public func matches(_ filter: String) -> Bool {
        filter.isEmpty || email.lowercased().contains(filter) || name.lowercased().contains(filter)
    }
}
