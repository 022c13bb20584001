/// A row of an enrolment list the sign-up form refuses: it is listed, never offered.
public struct InvalidRow: Sendable, Equatable {
    /// The list's row (the header is row 1).
    public let row: Int
    /// The row's email, as written (may be empty or malformed).
    public let email: String
    /// One `column: message` per problem, in English, as `enrol --check` prints them and the report notes them.
    public let problems: [String]
    /// The same `column: message` lines in each language the loader knew, by language tag (a shared queue keeps
    /// them, so every desk draws its person's language); empty for a list read at this desk.
    public let translations: [String: [String]]
    private let shown: (@Sendable () -> [String])?

    /// Memberwise; `shown` makes the problems in the screen's language when drawn (``shownProblems``).
    public init(row: Int, email: String, problems: [String], translations: [String: [String]] = [:],
                shown: (@Sendable () -> [String])? = nil) {
        self.row = row
        self.email = email
        self.problems = problems
        self.translations = translations
        self.shown = shown
    }

    /// The problems as a screen shows them: in the calling task's language when the row was read with them
    /// (a list at this desk, or a shared queue's row with its translations), else ``problems`` in English.
    public var shownProblems: [String] { shown?() ?? problems }

    public static func == (lhs: InvalidRow, rhs: InvalidRow) -> Bool {
        lhs.row == rhs.row && lhs.email == rhs.email && lhs.problems == rhs.problems
    }
}
