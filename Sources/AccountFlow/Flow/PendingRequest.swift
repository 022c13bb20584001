/// The request in flight, for the "working…" indicator. Esc cancels it (``FlowEffect/cancelRequest``).
public enum PendingRequest: Sendable, Equatable {
    case signingUp
    case signingIn
    case checkingCode
    case sendingPassword
    case sendingAttributes
    case requestingCode
    case registeringMethod
    case resendingCode
    case startingReset
    case changingPassword
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
