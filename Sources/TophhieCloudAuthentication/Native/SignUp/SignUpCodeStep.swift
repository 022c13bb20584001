/// Sign-up is waiting for the code sent to the email.
///
/// Source: docs/protocol.md §N4.2 (challenge, resend) and §N4.3 (`grant_type=oob`).
public final class SignUpCodeStep: LiveCodeStep {
    let context: NativeAuthContext
    let username: String
    let live: LiveChallenge

    init(context: NativeAuthContext, username: String, challenge: CodeChallenge) {
        self.context = context
        self.username = username
        live = LiveChallenge(challenge, endpoint: .signUpChallenge, context: context)
    }

    /// Asks `/signup/v1.0/challenge` for a new code with the latest token (docs/protocol.md §N4.2).
    /// - Throws: `NativeAuthError` (e.g. `.throttled`, `.expiredFlow`, `.networkFailure`).
    public func resendCode() async throws -> CodeDelivery { try await live.resend() }

    /// Verifies the email with `code`.
    /// - Returns: the next step the server asks for.
    /// - Throws: `NativeAuthError.invalidCode` (retry on this step: the same token is reused),
    ///   `.expiredFlow`, `.userAlreadyExists`, `.browserRequired`, `.networkFailure`, …
    public func submitCode(_ code: String) async throws -> SignUpStep {
        let response = try await context.call(.signUpContinue, context.form(continuing: live.token, code: code))
        return try await SignUpStep.next(after: response, context: context, username: username)
    }
}
