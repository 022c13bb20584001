/// A row of an enrolment list the sign-up form refuses: it is listed, never offered.
public struct InvalidRow: Sendable, Equatable {
    /// The list's row (the header is row 1).
    public let row: Int
    /// The row's email, as written (may be empty or malformed).
    public let email: String
    /// One `column: message` per problem, as `enrol --check` prints them.
    public let problems: [String]

    /// Memberwise.
    public init(row: Int, email: String, problems: [String]) {
        self.row = row
        self.email = email
        self.problems = problems
    }
}
