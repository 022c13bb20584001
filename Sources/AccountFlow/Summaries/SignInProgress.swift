import TophhieCloudAuthentication

/// What a sign-in step answered, without the live step (which the runner keeps).
///
/// `NativeSignInStep` without its live steps and tokens (docs/protocol.md §N3.8), built in `AccountFlowLive/SignIn+Live.swift`.
public enum SignInProgress: Sendable, Equatable {
    /// Signed in; the tokens stay with the runner.
    case completed(SignedInAccount)
    /// A one-time code was sent (passwordless sign-in, or the tenant asked for one instead).
    case codeRequired(CodeDelivery)
    /// `mfa_required`: the user's registered methods.
    case mfaRequired([AuthMethod])
    /// `registration_required`: the methods the tenant allows for registration.
    case registrationRequired([AuthMethod])
}
