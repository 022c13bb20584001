import Localization
import TophhieCloudAuthentication

/// What a sign-in step answered, without the live step (which the runner keeps).
///
/// `NativeSignInStep` without its live steps and tokens (docs/protocol.md §N3.8), built in `AccountFlowLive/SignIn+Live.swift`;
/// the loop guard's `asksAgain` sits beside the cases so a new one decides it here.
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

extension SignInProgress {
    /// What this answer asks for, when it is the step a code of `purpose` was just sent to answer (field case 013 (docs/field-cases.md):
    /// a first-factor code answered by another code step, an MFA code by `mfa_required`, a registration
    /// code by `registration_required`); `nil` when it moves on.
    func asksAgain(after purpose: CodePurpose) -> String? {
        switch self {
        case .completed: nil
        case .codeRequired: purpose == .signIn ? tr("asksAgain.signIn") : nil
        case .mfaRequired: purpose == .mfa ? tr("asksAgain.mfa") : nil
        case .registrationRequired: purpose == .registration ? tr("asksAgain.registration") : nil
        }
    }
}
