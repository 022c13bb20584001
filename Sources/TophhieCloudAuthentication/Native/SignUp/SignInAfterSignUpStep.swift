/// The account exists: sign in with the continuation token the sign-up returned.
///
/// The same type serves after a password reset (`SignInAfterResetStep`).
/// Source: docs/protocol.md §N4.6 and §N5.6 (`grant_type=continuation_token` with `username`).
public final class SignInAfterSignUpStep: TokenOnlyStep, Sendable {
    let context: NativeAuthContext
    let username: String
    let continuationToken: String?

    init(context: NativeAuthContext, username: String, continuationToken: String?) {
        self.context = context
        self.username = username
        self.continuationToken = continuationToken
    }

    /// The email the account was created with.
    public var email: String { username }

    /// Whether the server returned a token for signing in without credentials.
    public var canSignIn: Bool { continuationToken != nil }

    /// Signs in. The tenant may still ask for MFA or registration: the same `NativeSignInStep` as a
    /// native sign-in comes back.
    /// - Throws: `NativeAuthError.unexpectedResponse` when the server gave no token to sign in with;
    ///   `.expiredFlow`, `.browserRequired`, …
    public func signIn() async throws -> NativeSignInStep {
        guard let continuationToken else {
            throw NativeAuthError.unexpectedResponse(
                "The server finished without a token for signing in; sign in with the email instead.", correlationID: nil)
        }
        var form = context.form(continuing: continuationToken)
        form.set(.grantType, GrantType.continuationToken.wireValue)
        form.set(.username, username)
        return try await context.signIn(form, username: username, withChallengeTypes: true)
    }
}

/// After a password reset, the sign-in step is the same as after sign-up (seed API).
public typealias SignInAfterResetStep = SignInAfterSignUpStep
