import TophhieCloudAuthentication

/// Why a one-time code is being asked for: decides which framework call checks it.
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

/// The code-entry screen: where the code went, the code typed, and the resend countdown.
public struct CodeEntry: Sendable, Equatable {
    /// Decides which effect submits the code.
    public var purpose: CodePurpose
    /// The masked target, channel, code length (digits) and resend interval of the latest challenge or resend.
    public var delivery: CodeDelivery
    /// As typed; whitespace is dropped on submit, which needs exactly `delivery.codeLength` digits. Secret.
    public var code: String
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
    public init(purpose: CodePurpose, delivery: CodeDelivery, code: String = "", codeError: String? = nil,
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
