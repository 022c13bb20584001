import EnrolmentFiles

/// How one person at the desk finished, as the flow showed it: what the record, the progress file and the
/// report are written from. Nothing secret: the flow shows no password or code here.
package struct PersonResult: Equatable, Sendable {
    /// The email sent to the tenant (or the row's, for someone marked absent or skipped).
    var email: String
    var outcome: RecordOutcome
    /// The new account's object id, from the id token.
    var objectID: String?
    /// On failure: the AADSTS code and correlation id of the failure's operator detail.
    var code: String?
    var correlationID: String?
    /// Added at the desk, not on the list (the desk says so; the flow cannot tell).
    var walkIn = false
}
