import Localization
import TophhieCloudAuthentication

/// What a sign-in step answered, without the live step (which the runner keeps).
///
/// `NativeSignInStep` without its live steps and tokens (docs/protocol.md §N3.8), built in `AccountFlowLive/SignIn+Live.swift`;
/// the loop guard's `asksAgain` and the screen each case leads to (``FlowState/signInAdvanced(_:to:)``) sit beside the
/// cases, so a new one is decided in this file.
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

/// What each sign-in answer leads to.
extension FlowState {
    mutating func signInAdvanced(_ progress: SignInProgress, to request: PendingRequest) -> [FlowEffect] {
        // A code was just sent: the same kind of step again asks for what was given (field case 013, docs/field-cases.md).
        if request == .checkingCode, case .codeEntry(let entry) = step, let again = progress.asksAgain(after: entry.purpose) {
            return askedAgain(sent: entry.purpose.codeName, answer: again)
        }
        switch progress {
        case .completed(let account):
            return complete(account)
        case .codeRequired(let delivery):
            if let stop = guardLoop("signIn.codeRequired") { return stop }
            step = .codeEntry(newCodeEntry(.signIn, delivery))
        case .mfaRequired(let methods):
            if let stop = guardLoop("signIn.mfaRequired:" + methods.map(\.id).joined(separator: ",")) { return stop }
            guard !methods.isEmpty else { return noMethods(tr("stop.noMethods.secondCheck")) }
            if methods.count == 1, let only = methods.first {
                // One method: ask for its code at once; the picker stays underneath in case it is blocked.
                step = .methodPicker(MethodPicker(purpose: .mfa, methods: methods, picked: only.id))
                pending = .requestingCode
                return [.pickMethod(id: only.id)]
            }
            step = .methodPicker(MethodPicker(purpose: .mfa, methods: methods))
        case .registrationRequired(let methods):
            if let stop = guardLoop("signIn.registrationRequired:" + methods.map(\.id).joined(separator: ",")) {
                return stop
            }
            guard !methods.isEmpty else { return noMethods(tr("stop.noMethods.methodToAdd")) }
            step = .methodPicker(MethodPicker(purpose: .registration, methods: methods))
        }
        return []
    }

    /// The tenant demands a method but listed none: nothing to pick, so stop and say so.
    private mutating func noMethods(_ demand: String) -> [FlowEffect] {
        step = .failure(FailureReport(
            message: tr("stop.noMethods", ["demand": demand])))
        return [.forgetSession]
    }
}
