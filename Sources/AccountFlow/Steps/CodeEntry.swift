import Localization
import TophhieCloudAuthentication

/// Why a one-time code is being asked for: the screen's title, the code's name in messages, and which answer repeats
/// the question (the live step the runner keeps is the one that checks it).
public enum CodePurpose: Sendable, Equatable {
    /// Sign-up's email code, checked by `SignUpCodeStep.submitCode`.
    /// Source: docs/protocol.md §N4.3, `/signup/v1.0/continue`, `grant_type=oob`.
    case signUp
    /// A first-factor sign-in code, checked by `SignInCodeStep.submitCodeForNextStep`.
    /// Source: docs/protocol.md §N3.3, `/oauth2/v2.0/token`, `grant_type=oob`.
    case signIn
    /// A second-factor code, checked by `VerificationStep.submitCodeForNextStep`.
    /// Source: docs/protocol.md §N3.6 step C, `/oauth2/v2.0/token`, `grant_type=mfa_oob`.
    case mfa
    /// The code that confirms a method being registered, checked by `VerificationStep.submitCodeForNextStep`.
    /// Source: docs/protocol.md §N3.7 step C, `/register/v1.0/continue`, `grant_type=oob`.
    case registration
    /// The password-reset code, checked by `ResetPasswordCodeStep.submitCode`.
    /// Source: docs/protocol.md §N5.3, `/resetpassword/v1.0/continue`, `grant_type=oob`.
    case resetPassword
}

extension CodePurpose {
    /// The code as the failure screen names it: "the sign-in code".
    var codeName: String {
        switch self {
        case .signUp: tr("code.name.signUp")
        case .signIn: tr("code.name.signIn")
        case .mfa: tr("code.name.mfa")
        case .registration: tr("code.name.registration")
        case .resetPassword: tr("code.name.resetPassword")
        }
    }
}

/// The code-entry screen: where the code went, the code typed, and the resend countdown.
public struct CodeEntry: Sendable, Equatable {
    /// Which flow's code this is (the title and messages; the submit is the same for all).
    public var purpose: CodePurpose
    /// The masked target, channel, code length (digits) and resend interval of the latest challenge or resend.
    public var delivery: CodeDelivery
    /// As typed; whitespace is dropped on submit, which needs exactly `delivery.codeLength` digits.
    public var code: Secret
    /// Shown on the code field: no code, too few digits, or the server refused it; cleared on edit.
    public var codeError: String?
    /// Information such as "a new code was sent".
    public var notice: String?
    /// Time left before "resend" is allowed, from the server's `interval` (seconds; 0 when not sent).
    public var resend: Countdown
    /// Codes the server refused on this screen. Services stop accepting a code after a few wrong
    /// tries (the emulator's `otp.maxAttempts`) and answer as for a wrong code, so repeated refusals
    /// change the advice.
    public var wrongAttempts: Int

    /// By default `resend` counts `delivery.resendInterval` seconds (0 when absent) from the next tick.
    public init(purpose: CodePurpose, delivery: CodeDelivery, code: Secret = "", codeError: String? = nil,
                notice: String? = nil, resend: Countdown? = nil, wrongAttempts: Int = 0) {
        self.purpose = purpose
        self.delivery = delivery
        self.code = code
        self.codeError = codeError
        self.notice = notice
        self.resend = resend ?? Countdown(seconds: delivery.resendInterval ?? 0)
        self.wrongAttempts = wrongAttempts
    }
}

extension CodeEntry: StepModule {
    static var wrongCode: String { tr("code.wrong") }
    /// From this many refusals on one screen, the advice names the way out of a code that stopped working.
    static let wrongAttemptsBeforeAdvice = 3
    static var wrongCodeRepeatedly: String { tr("code.wrongRepeatedly") }
    static var noMoreCodesInThisFlow: String { tr("code.noMoreCodes") }

    var step: FlowStep { .codeEntry(self) }

    func screen(in state: FlowState) -> Screen {
        let remaining = resend.remaining(at: state.now)
        let title = switch purpose {
        case .signUp: tr("code.title.signUp")
        case .signIn: tr("code.title.signIn")
        case .mfa: tr("code.title.mfa")
        case .registration: tr("code.title.registration")
        case .resetPassword: tr("code.title.resetPassword")
        }
        return Screen(
            title: title,
            text: [tr("code.sent", ["digits": delivery.codeLength, "channel": delivery.channel == .email ? "email" : "sms",
                                  "target": delivery.sentTo])],
            fields: [ScreenField(id: .code, label: tr("code.label"), kind: .code(length: delivery.codeLength),
                                 value: code.revealed, error: Self.codeAdvice(codeError, resendIn: remaining))],
            actions: [
                ScreenAction(tr("action.verify"), .submitted),
                ScreenAction(remaining > 0 ? tr("action.resendCodeIn", ["seconds": remaining]) : tr("action.resendCode"), .resendRequested,
                             enabled: remaining == 0),
            ] + FlowState.backAndCancel,
            notice: notice)
    }

    /// The code field's message, agreeing with the actions offered: the advice to send a new code is given
    /// only while "Resend code" is offered; during its countdown the advice says when it will be.
    static func codeAdvice(_ codeError: String?, resendIn remaining: Int) -> String? {
        guard codeError == wrongCodeRepeatedly, remaining > 0 else { return codeError }
        return tr("code.wrongRepeatedly.wait", ["seconds": remaining])
    }

    mutating func edit(_ field: FieldID, _ text: String) {
        if field == .code { code = Secret(text); codeError = nil }
    }

    func submit(in state: inout FlowState) -> [FlowEffect] {
        var entry = self
        let code = entry.code.revealed.filter { !$0.isWhitespace }
        entry.notice = nil
        guard !code.isEmpty else {
            entry.codeError = Validation.codeMissing
            state.step = .codeEntry(entry)
            return []
        }
        // A short code would only spend one of the server's attempts.
        guard code.count == entry.delivery.codeLength else {
            entry.codeError = tr("code.tooShort", ["digits": entry.delivery.codeLength])
            state.step = .codeEntry(entry)
            return []
        }
        state.step = .codeEntry(entry)
        state.pending = .checkingCode
        return [.submit(.code(Secret(code)))]
    }

    /// "Resend code": held, with the seconds left said, until the server's interval has passed.
    func resend(in state: inout FlowState) -> [FlowEffect] {
        var entry = self
        guard entry.resend.remaining(at: state.now) == 0 else {
            entry.notice = tr("code.resendIn", ["seconds": entry.resend.remaining(at: state.now)])
            state.step = .codeEntry(entry)
            return []
        }
        state.pending = .resendingCode
        return [.resendCode]
    }

    func failed(_ error: NativeAuthError, in state: inout FlowState) -> [FlowEffect] {
        guard case .invalidCode = error else { return state.commonFailure(error) }
        // Field case 010 (docs/field-cases.md): stay, say so, clear the code; the runner keeps the step, so its token is reused.
        var entry = self
        entry.code = ""
        entry.wrongAttempts += 1
        entry.codeError = entry.wrongAttempts >= Self.wrongAttemptsBeforeAdvice ? Self.wrongCodeRepeatedly : Self.wrongCode
        entry.notice = nil
        state.step = .codeEntry(entry)
        return []
    }

    /// A resend's failure: the code already sent still works, so the screen stays and says why no new one came.
    func resendFailed(_ error: NativeAuthError, in state: inout FlowState) -> [FlowEffect] {
        var entry = self
        switch error {
        case .throttled(let seconds, _):
            entry.notice = error.screenMessage
            entry.resend = Countdown(seconds: seconds ?? 0, startedAt: state.now)
        case .expiredFlow, .browserRequired:
            return state.commonFailure(error)
        case .server where entry.resend.seconds > 0:
            // The announced interval has passed (Resend is held until it does), so this is the flow's cap on
            // codes (50196 too): waiting will not help, starting again will.
            entry.notice = Self.noMoreCodesInThisFlow
        case .server:
            // Challenges without an `interval` still have a resend wait the client cannot know.
            entry.notice = tr("code.resendNotYet")
        case .userAlreadyExists, .invalidPassword, .invalidCode, .invalidAttributes, .invalidCredentials, .userNotFound,
             .invalidInput, .noMatchingAuthMethod, .passwordRequired, .methodBlocked, .userHasNoPassword,
             .passwordChangeRequired, .mfaRequiredForRefresh, .refreshTokenExpired, .unauthorizedClient,
             .nativeAuthDisabled, .invalidClient, .networkFailure, .unexpectedResponse, .invalidConfiguration,
             .furtherStepRequired:
            entry.notice = tr("code.resendFailed", ["reason": error.screenMessage])
        }
        state.step = .codeEntry(entry)
        return []
    }
}
