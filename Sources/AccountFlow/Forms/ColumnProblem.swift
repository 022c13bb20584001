/// One value of a row the form refuses: its column (the attribute's API name, or `email`) and the message the
/// screen would show under the field.
public struct ColumnProblem: Sendable, Equatable {
    /// The column's name.
    public let column: String
    /// The screen's message, e.g. "Enter 10 digits.".
    public let message: String

    /// Memberwise.
    public init(column: String, message: String) {
        self.column = column
        self.message = message
    }
}
