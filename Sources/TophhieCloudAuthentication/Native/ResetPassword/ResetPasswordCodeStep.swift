/// Password reset is waiting for the code sent to the email.
///
/// Source: docs/protocol.md §N5.2 (challenge, resend) and §N5.3 (`grant_type=oob`).
public final class ResetPasswordCodeStep: LiveCodeStep {
    let context: NativeAuthContext
    let username: String
    let live: LiveChallenge

    init(context: NativeAuthContext, username: String, challenge: CodeChallenge) {
        self.context = context
        self.username = username
        live = LiveChallenge(challenge, endpoint: .resetPasswordChallenge, context: context, types: context.configuration.resetChallengeTypes)
    }

    /// Asks `/resetpassword/v1.0/challenge` for a new code with the latest token (docs/protocol.md §N5.2).
    /// - Throws: `PasswordResetError`, mostly `.other(…)` wrapping the `NativeAuthError`.
    public func resendCode() async throws -> CodeDelivery {
        do { return try await live.resend() } catch let error as NativeAuthError { throw PasswordResetError(error) }
    }

    /// Verifies the code.
    /// - Returns: the step that takes the new password.
    /// - Throws: `PasswordResetError.invalidCode` (retry on this step with the same token), `.other(.expiredFlow)`, …
    public func submitCode(_ code: String) async throws -> ResetPasswordNewPasswordStep {
        let form = context.form(continuing: live.token, code: code)
        let response = try await resetCall(.resetPasswordContinue, form, context: context)
        guard case .passwordRequired(let token) = response else {
            throw PasswordResetError(NativeAuthError.from(response, at: .resetPasswordContinue))
        }
        return ResetPasswordNewPasswordStep(context: context, username: username, continuationToken: token)
    }
}

/// Calls an endpoint of the reset flow, turning transport failures into `PasswordResetError`.
func resetCall(_ endpoint: NativeAuthEndpoint, _ form: FormBody, context: NativeAuthContext) async throws -> ValidatedResponse {
    do { return try await context.call(endpoint, form) } catch let error as NativeAuthError { throw PasswordResetError(error) }
}
