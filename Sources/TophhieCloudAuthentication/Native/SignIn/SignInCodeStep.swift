/// Passwordless sign-in is waiting for the code sent to the email.
///
/// Source: docs/protocol.md §N3.2 (oob challenge) and §N3.3 (`grant_type=oob`).
public final class SignInCodeStep: LiveCodeStep {
    let context: NativeAuthContext
    let username: String
    let live: LiveChallenge

    init(context: NativeAuthContext, username: String, challenge: CodeChallenge) {
        self.context = context
        self.username = username
        live = LiveChallenge(challenge, endpoint: .signInChallenge, context: context)
    }

    /// Asks `/oauth2/v2.0/challenge` for a new code with the latest token (docs/protocol.md §N3.2).
    /// - Throws: `NativeAuthError` (e.g. `.throttled`, `.expiredFlow`, `.networkFailure`).
    public func resendCode() async throws -> CodeDelivery { try await live.resend() }

    /// Signs in with `code`, as the seed guide writes it: `finishSignIn(idToken: result.idToken)`.
    /// - Returns: the tokens of the finished sign-in.
    /// - Throws: `NativeAuthError.furtherStepRequired(step)` when the server still asks for MFA or a
    ///   method registration after the code (`step` continues the sign-in); `.invalidCode` (retry on
    ///   this step with the same token), `.expiredFlow`, …
    public func submitCode(_ code: String) async throws -> TophhieAuthResult {
        try await submitCodeForNextStep(code).requireCompletion()
    }

    /// Signs in with `code`, for callers that handle every branch.
    /// - Returns: the step that follows: `.completed`, or `.mfaRequired` / `.strongAuthRegistrationRequired`.
    /// - Throws: `NativeAuthError.invalidCode` (retry on this step with the same token), `.expiredFlow`, …
    public func submitCodeForNextStep(_ code: String) async throws -> NativeSignInStep {
        try await context.signIn(context.form(continuing: live.token, code: code), username: username)
    }
}
