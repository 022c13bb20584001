import Localization

/// One value of a row the form refuses: its column (the attribute's API name, or `email`) and the message the
/// screen would show under the field. The message is made when read, in the calling task's language: a desk's
/// queue or walk-in form redrawn after the person picks another language (F12) shows it in that one, while
/// operator output (`enrol --check`, the report's note) reads ``englishMessage``.
public struct ColumnProblem: Sendable, Equatable {
    /// The column's name.
    public let column: String
    private let text: @Sendable () -> String

    /// - Parameter message: the screen's message, e.g. "Enter 10 digits."; evaluated each time it is read.
    public init(column: String, message: @escaping @autoclosure @Sendable () -> String) {
        self.column = column
        text = message
    }

    /// The message in the calling task's language.
    public var message: String { text() }

    /// The message in English, as scripts read it.
    public var englishMessage: String { Localization.with(.english) { text() } }

    public static func == (lhs: ColumnProblem, rhs: ColumnProblem) -> Bool {
        lhs.column == rhs.column && lhs.englishMessage == rhs.englishMessage
    }
}
