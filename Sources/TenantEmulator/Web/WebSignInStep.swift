import Foundation

/// Where a browser sign-in stands: each case carries exactly what its form needs next.
/// Source: docs/protocol.md §I4.3 (device page), §I4.4 (authorize page); docs/protocol.md §N3.6 (MFA rule).
enum WebSignInStep {
    /// The device page: waiting for the user code.
    case userCode
    /// Waiting for the account's email.
    case username
    /// A password account: waiting for its password.
    case password(userID: String)
    /// A code-only account: waiting for the email code sent to it.
    case emailCode(userID: String, code: PendingCode)
    /// A second factor: waiting for the code sent to one of the user's methods.
    case mfaCode(userID: String, code: PendingCode)
}
