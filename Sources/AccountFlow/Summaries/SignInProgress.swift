import Localization
import TophhieCloudAuthentication

/// What a sign-in step answered, without the live step (which the runner keeps).
///
/// `NativeSignInStep` without its live steps and tokens (docs/protocol.md §N3.8), built in `AccountFlowLive/SignIn+Live.swift`:
/// signed in, or a step of the catalogue with what the live step offers there. The screen it leads to is its input's
/// (``FlowState/signInAdvanced(_:to:)``), so a step whose input a screen already takes is decided on its catalogue line.
public enum SignInProgress: Sendable, Equatable {
    /// Signed in; the tokens stay with the runner.
    case completed(SignedInAccount)
    /// The tenant asks for `step` (a one-time code, a second factor, a method to register).
    case asks(ServerStep, Offer)

    /// What the live step offers there: where its code went, or the methods to choose from.
    public enum Offer: Sendable, Equatable {
        case code(CodeDelivery), methods([AuthMethod])
    }
}

/// What each sign-in answer leads to: the screen of the step's input, with what the live step offers there.
extension FlowState {
    mutating func signInAdvanced(_ progress: SignInProgress, to request: PendingRequest) -> [FlowEffect] {
        let (asked, offer): (ServerStep, SignInProgress.Offer)
        switch progress {
        case .completed(let account): return complete(account)
        case .asks(let serverStep, let offered): (asked, offer) = (serverStep, offered)
        }
        let input = asked.declaration.input
        // A code was just sent: the same kind of step again asks for what was given (field case 013, docs/field-cases.md).
        if request == .checkingCode, case .codeEntry(let entry) = step, let again = input.asksAgain(after: entry.purpose) {
            return askedAgain(sent: entry.purpose.codeName, answer: again)
        }
        let ids = if case .methods(let methods) = offer { ":" + methods.map(\.id).joined(separator: ",") } else { "" }
        if let stop = guardLoop("signIn.\(asked)" + ids) { return stop }
        switch (input, offer) {
        case (.code(let purpose), .code(let delivery)):
            step = .codeEntry(newCodeEntry(purpose, delivery))
        case (.methodChoice(let purpose), .methods(let methods)):
            guard let first = methods.first else {
                return noMethods(purpose == .mfa ? tr("stop.noMethods.secondCheck") : tr("stop.noMethods.methodToAdd"))
            }
            let picker = MethodPicker(purpose: purpose, methods: methods)
            // One method for a second factor: ask for its code at once; the picker stays underneath in case it is blocked.
            if purpose == .mfa, methods.count == 1 { return picker.pick(first.id, in: &self) }
            step = .methodPicker(picker)
        case (.contact, .methods(let methods)):
            guard let method = methods.first else { return noMethods(tr("stop.noMethods.methodToAdd")) }
            step = .contactEntry(ContactEntry(method: method, availableMethods: methods))
        case (.code, .methods), (.methodChoice, .code), (.contact, .code), (.password, _), (.newPassword, _), (.attributes, _),
             (.none, _):
            preconditionFailure("the live bridge offers at \(asked) what its input does not take")
        }
        return []
    }

    /// The tenant demands a method but listed none: nothing to pick, so stop and say so.
    private mutating func noMethods(_ demand: String) -> [FlowEffect] {
        step = .failure(FailureReport(message: tr("stop.noMethods", ["demand": demand])))
        return [.forgetSession]
    }
}

extension ServerStep.Input {
    /// What this step is, when it asks again for the code of `purpose` just checked (field case 013, docs/field-cases.md:
    /// a first-factor code answered by another code step, an MFA code by `mfa_required`, a registration code by
    /// `registration_required`); `nil` when it moves on.
    func asksAgain(after purpose: CodePurpose) -> String? {
        switch self {
        case .code(.signIn) where purpose == .signIn: tr("asksAgain.signIn")
        case .methodChoice(.mfa) where purpose == .mfa: tr("asksAgain.mfa")
        case .methodChoice(.registration) where purpose == .registration: tr("asksAgain.registration")
        case .code, .methodChoice, .contact, .password, .newPassword, .attributes, .none: nil
        }
    }
}
