/// Where a flow stands: which calls are legal next. Source: docs/protocol.md §N3.8, §N4.4, §N5.
enum FlowStep: Equatable {
    // Sign-in (docs/protocol.md §N3)
    case signInStarted
    case signInCodeSent
    case signInPasswordRequested
    // MFA (docs/protocol.md §N3.6)
    case mfaRequired
    case mfaIntrospected
    case mfaCodeSent(methodID: String)
    // Strong-method registration (docs/protocol.md §N3.7)
    case registrationRequired
    case registrationIntrospected
    case registrationCodeSent(channel: String, target: String)
    case registrationPreverified(channel: String, target: String)
    // Sign-up (docs/protocol.md §N4)
    case signUpStarted
    case signUpCodeSent
    case signUpCredentialRequired
    case signUpPasswordRequested
    case signUpAttributesRequested
    // Password reset (docs/protocol.md §N5)
    case resetStarted
    case resetCodeSent
    case resetVerified
    case resetPolling
    // A continuation-token grant at /token is next.
    case readyForToken(afterRegistration: Bool)
}
