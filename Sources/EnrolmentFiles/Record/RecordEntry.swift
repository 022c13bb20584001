/// What the enrolment record says about one person whose enrolment finished. It has no field for a
/// password, a code or a token: nothing secret can be written, whatever the caller holds.
public struct RecordEntry: Sendable, Equatable, Codable {
    /// When it finished, UTC, ISO 8601 to the second (`2026-12-02T07:30:00Z`).
    public var time: String
    /// Who was at the desk: `--staff`, else the operating-system user.
    public var staff: String
    /// The terminal's device (`/dev/pts/3`), or `none` without one.
    public var terminal: String
    /// The tenant's authority URL.
    public var tenant: String
    /// The person's email, as sent to the tenant.
    public var email: String
    /// The new account's object id (`oid`), when the tenant told it.
    public var objectId: String?
    /// How it ended.
    public var outcome: RecordOutcome
    /// On failure: the tenant's AADSTS code (`AADSTS50034`), when it sent one.
    public var code: String?
    /// On failure: the request's correlation id, for the tenant's sign-in logs.
    public var correlationId: String?
    /// `true` for a walk-in (added at the desk, not on the list); left out of the line otherwise.
    public var walkIn: Bool?

    /// Memberwise; `objectId`, `code`, `correlationId` and `walkIn` are left out of the line when nil.
    public init(time: String, staff: String, terminal: String, tenant: String, email: String, objectId: String? = nil,
                outcome: RecordOutcome, code: String? = nil, correlationId: String? = nil, walkIn: Bool? = nil) {
        self.time = time
        self.staff = staff
        self.terminal = terminal
        self.tenant = tenant
        self.email = email
        self.objectId = objectId
        self.outcome = outcome
        self.code = code
        self.correlationId = correlationId
        self.walkIn = walkIn
    }
}
