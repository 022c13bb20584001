/// A code was sent to a strong authentication method, for MFA or for registering the method.
///
/// Source: docs/protocol.md §N3.6 step C (`grant_type=mfa_oob`), §N3.7 steps C–D
/// (`/register/v1.0/continue` with `grant_type=oob`, then `/token` with `grant_type=continuation_token`).
public final class VerificationStep: CodeEntryStep {
    enum Purpose: Sendable {
        case mfa
        case registration
    }

    let context: NativeAuthContext
    let username: String?
    let purpose: Purpose
    let live: LiveChallenge

    private init(context: NativeAuthContext, username: String?, purpose: Purpose, live: LiveChallenge) {
        self.context = context
        self.username = username
        self.purpose = purpose
        self.live = live
    }

    static func mfa(context: NativeAuthContext, username: String?, methodID: String, challenge: CodeChallenge) -> VerificationStep {
        let live = LiveChallenge(challenge, endpoint: .signInChallenge) { token in
            try await context.challenge(.signInChallenge, token: token, methodID: methodID)
        }
        return VerificationStep(context: context, username: username, purpose: .mfa, live: live)
    }

    static func registration(
        context: NativeAuthContext, username: String?, method: AuthMethod, contact: String, challenge: CodeChallenge
    ) -> VerificationStep {
        let live = LiveChallenge(challenge, endpoint: .registerChallenge) { token in
            try await StrongAuthRegistrationStep.challenge(context: context, token: token, method: method, contact: contact)
        }
        return VerificationStep(context: context, username: username, purpose: .registration, live: live)
    }

    /// The latest delivery; replaced by each successful `resendCode()`.
    public var delivery: CodeDelivery { live.delivery }

    /// Repeats the challenge with the latest token: the same method `id` for MFA (docs/protocol.md §N3.6 step B), the same
    /// contact for registration (docs/protocol.md §N3.7 step B).
    /// - Throws: `NativeAuthError` (e.g. `.throttled`, `.methodBlocked`, `.expiredFlow`).
    public func resendCode() async throws -> CodeDelivery { try await live.resend() }

    /// Verifies the code, as the seed guide writes it: `finishSignIn(idToken: result.idToken)`.
    /// - Returns: the tokens of the finished sign-in.
    /// - Throws: `NativeAuthError.furtherStepRequired(step)` when the server asks for yet another step;
    ///   `.invalidCode` (retry on this step with the same token), `.expiredFlow`, …
    public func submitCode(_ code: String) async throws -> TophhieAuthResult {
        try await submitCodeForNextStep(code).requireCompletion()
    }

    /// Verifies the code, for callers that handle every branch.
    /// - Returns: the sign-in step that follows (normally `.completed`).
    /// - Throws: `NativeAuthError.invalidCode` (retry on this step with the same token), `.expiredFlow`, …
    public func submitCodeForNextStep(_ code: String) async throws -> NativeSignInStep {
        switch purpose {
        case .mfa:
            var form = context.form(continuing: live.token)
            form.set(.grantType, GrantType.mfaOOB.wireValue)
            form.set(.oob, code)
            context.addTokenFields(to: &form)
            let response = try await context.call(.token, form)
            return try await NativeSignInStep.next(after: response, context: context, username: username)
        case .registration:
            var form = context.form(continuing: live.token)
            form.set(.grantType, GrantType.oob.wireValue)
            form.set(.oob, code)
            let response = try await context.call(.registerContinue, form)
            guard case .completed(.some(let token), _) = response else {
                throw NativeAuthError.from(response, at: .registerContinue)
            }
            return try await StrongAuthRegistrationStep.signIn(context: context, token: token, username: username)
        }
    }
}

extension VerificationStep: CustomReflectable {
    /// Where the code went; no token.
    public var customMirror: Mirror { Mirror(self, children: ["delivery": delivery]) }
}
