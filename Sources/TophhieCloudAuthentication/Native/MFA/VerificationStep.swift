/// A code was sent to a strong authentication method, for MFA or for registering the method.
///
/// Source: docs/protocol.md §N3.6 step C (`grant_type=mfa_oob`), §N3.7 steps C–D
/// (`/register/v1.0/continue` with `grant_type=oob`, then `/token` with `grant_type=continuation_token`).
public final class VerificationStep: LiveCodeStep {
    /// Where the code is checked: `/token` with `grant_type=mfa_oob`, or a step's `continue` endpoint with
    /// `grant_type=oob`, whose token then signs in (registration, and any step shaped like it).
    enum Purpose: Sendable {
        case mfa
        case continuing(at: NativeAuthEndpoint)
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
        let live = LiveChallenge(challenge, endpoint: .signInChallenge, context: context, methodID: methodID)
        return VerificationStep(context: context, username: username, purpose: .mfa, live: live)
    }

    static func registration(
        context: NativeAuthContext, username: String?, method: AuthMethod, contact: String, challenge: CodeChallenge
    ) -> VerificationStep {
        continuing(at: .registerContinue, context: context, username: username, challenge: challenge, sentBy: .registerChallenge) {
            try await StrongAuthRegistrationStep.challenge(context: context, token: $0, method: method, contact: contact)
        }
    }

    /// A code sent by `challengeEndpoint` (called again by `resend` with the latest token) and checked at
    /// `continueEndpoint` with `grant_type=oob`; the continuation token it answers signs in.
    static func continuing(
        at continueEndpoint: NativeAuthEndpoint, context: NativeAuthContext, username: String?, challenge: CodeChallenge,
        sentBy challengeEndpoint: NativeAuthEndpoint, resend: @escaping @Sendable (String) async throws -> ValidatedResponse
    ) -> VerificationStep {
        let live = LiveChallenge(challenge, endpoint: challengeEndpoint, resend: resend)
        return VerificationStep(context: context, username: username, purpose: .continuing(at: continueEndpoint), live: live)
    }

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
            return try await context.signIn(context.form(continuing: live.token, code: code, grant: .mfaOOB), username: username)
        case .continuing(let endpoint):
            let response = try await context.call(endpoint, context.form(continuing: live.token, code: code))
            guard case .completed(.some(let token), _) = response else {
                throw NativeAuthError.from(response, at: endpoint)
            }
            return try await StrongAuthRegistrationStep.signIn(context: context, token: token, username: username)
        }
    }
}
