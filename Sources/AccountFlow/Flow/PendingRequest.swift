/// The request in flight, for the "working…" indicator. Esc cancels it (``FlowEffect/cancelRequest``).
public enum PendingRequest: Sendable, Equatable {
    /// ``FlowEffect/startSignUp(email:password:attributes:)``.
    case signingUp
    /// ``FlowEffect/startSignIn(email:password:)``, or the sign-in after sign-up or reset.
    case signingIn
    /// A code submitted on the code-entry screen, whatever its purpose.
    case checkingCode
    /// ``FlowEffect/submitSignUpPassword(_:)``.
    case sendingPassword
    /// ``FlowEffect/submitSignUpAttributes(_:)``.
    case sendingAttributes
    /// ``FlowEffect/requestMFAChallenge(methodID:)``.
    case requestingCode
    /// ``FlowEffect/registerMethod(methodID:contact:)``.
    case registeringMethod
    /// ``FlowEffect/resendCode``.
    case resendingCode
    /// ``FlowEffect/startPasswordReset(email:)``.
    case startingReset
    /// ``FlowEffect/submitNewPassword(_:)``, including its completion polls.
    case changingPassword
    /// ``FlowEffect/refreshTokens``.
    case refreshingTokens

    /// "Working" text for the status line.
    public var label: String {
        switch self {
        case .signingUp: "Creating the account…"
        case .signingIn: "Signing in…"
        case .checkingCode: "Checking the code…"
        case .sendingPassword: "Sending the password…"
        case .sendingAttributes: "Sending your details…"
        case .requestingCode: "Sending a code…"
        case .registeringMethod: "Registering the method…"
        case .resendingCode: "Sending a new code…"
        case .startingReset: "Starting the password reset…"
        case .changingPassword: "Changing the password…"
        case .refreshingTokens: "Refreshing the tokens…"
        }
    }
}
