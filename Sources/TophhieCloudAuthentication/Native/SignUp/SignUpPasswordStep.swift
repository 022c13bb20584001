/// Sign-up asks for the password (`credential_required`, then `challenge_type=password`).
///
/// Source: docs/protocol.md §N4.3 (`grant_type=password`), §N4.4 order 3.
public final class SignUpPasswordStep: TokenOnlyStep, Sendable {
    let context: NativeAuthContext
    let username: String
    let continuationToken: String
    /// The `credential_required` answer that asked for the password (error, AADSTS code, correlation id),
    /// for operators: a server that asks again for a password already given is a fault to report.
    public let answer: ServerDetails

    init(context: NativeAuthContext, username: String, continuationToken: String, answer: ServerDetails) {
        self.context = context
        self.username = username
        self.continuationToken = continuationToken
        self.answer = answer
    }

    /// Sets the account's password.
    /// - Throws: `NativeAuthError.invalidPassword` (retry on this step with the same token), `.expiredFlow`, …
    public func submitPassword(_ password: String) async throws -> SignUpStep {
        guard !password.isEmpty else { throw NativeAuthError.invalidInput("Enter a password.", .local) }
        var form = context.form(continuing: continuationToken)
        form.set(.grantType, GrantType.password.wireValue)
        form.set(.password, password)
        let response = try await context.call(.signUpContinue, form)
        return try await SignUpStep.next(after: response, context: context, username: username)
    }
}
