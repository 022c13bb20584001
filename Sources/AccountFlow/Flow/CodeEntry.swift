import TophhieCloudAuthentication

/// Why a one-time code is being asked for: decides which framework call checks it.
public enum CodePurpose: Sendable, Equatable {
    case signUp
    case signIn
    case mfa
    case registration
    case resetPassword
}

/// The code-entry screen: where the code went, the code typed, and the resend countdown.
public struct CodeEntry: Sendable, Equatable {
    public var purpose: CodePurpose
    public var delivery: CodeDelivery
    public var code: String
    public var codeError: String?
    /// Information such as "a new code was sent".
    public var notice: String?
    public var resend: Countdown
    /// Codes the server refused on this screen. Services stop accepting a code after a few wrong
    /// tries (the emulator's `otp.maxAttempts`) and answer as for a wrong code, so repeated refusals
    /// change the advice.
    public var wrongAttempts: Int

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
