import Localization

/// One value of a row the form refuses: its column (the attribute's API name, or `email`), the field's label and
/// the message the screen would show under the field. Label and message are made when read, in the calling task's
/// language: a desk's queue or walk-in form redrawn after the person picks another language (F12) shows them in
/// that one, while operator output (`enrol --check`, the report's note) reads ``column`` and ``englishMessage``.
public struct ColumnProblem: Sendable, Equatable {
    /// The column's name.
    public let column: String
    private let labelText: @Sendable () -> String
    private let text: @Sendable () -> String

    /// - Parameters:
    ///   - label: the field's label on the screen (the tenant's, e.g. "Loyalty number"); evaluated each time it is read.
    ///   - message: the screen's message, e.g. "Enter 10 digits."; evaluated each time it is read.
    public init(column: String, label: @escaping @autoclosure @Sendable () -> String, message: @escaping @autoclosure @Sendable () -> String) {
        self.column = column
        labelText = label
        text = message
    }

    /// A problem with the email column, labelled as the email field is.
    public static func email(_ message: @escaping @autoclosure @Sendable () -> String) -> ColumnProblem {
        ColumnProblem(column: EnrolmentForm.emailColumn, label: Validation.emailLabel, message: message())
    }

    /// The field's label in the calling task's language.
    public var label: String { labelText() }

    /// The message in the calling task's language.
    public var message: String { text() }

    /// `Label: message` as a desk's screen says it (operator output names the column instead).
    public var shown: String { "\(label): \(message)" }

    /// The message in English, as scripts read it.
    public var englishMessage: String { Localization.with(.english) { text() } }

    public static func == (lhs: ColumnProblem, rhs: ColumnProblem) -> Bool {
        lhs.column == rhs.column && lhs.englishMessage == rhs.englishMessage
    }
}
