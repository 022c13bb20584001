/// What happened to one row of an enrolment list, as the progress file and the report keep it. Like
/// ``RecordEntry`` it has no field for a password, a code or a token.
public struct ProgressEntry: Sendable, Equatable {
    /// The list's row (as ``CSVRecord/row``: the header is row 1).
    public var row: Int
    /// The row's email, so a list edited since can be told from the one the progress belongs to.
    public var email: String
    /// How it ended; one not ``RecordOutcome/isFinal`` (failed, absent) leaves the person in the queue.
    public var outcome: RecordOutcome
    /// The new account's object id, when the tenant told it.
    public var objectId: String?
    /// When, UTC, ISO 8601 to the second.
    public var time: String
    /// On failure: the tenant's AADSTS code.
    public var code: String?
    /// On failure: the request's correlation id.
    public var correlationId: String?

    /// Memberwise.
    public init(row: Int, email: String, outcome: RecordOutcome, objectId: String? = nil, time: String, code: String? = nil,
                correlationId: String? = nil) {
        self.row = row
        self.email = email
        self.outcome = outcome
        self.objectId = objectId
        self.time = time
        self.code = code
        self.correlationId = correlationId
    }
}
