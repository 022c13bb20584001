/// Where a flow stands: which calls are legal next. Source: native-auth API reference §3.8, §4.4, §5.
enum FlowStep: Equatable {
    // Sign-in (§3)
    case signInStarted
    case signInCodeSent
    case signInPasswordRequested
    // MFA (§3.6)
    case mfaRequired
    case mfaIntrospected
    case mfaCodeSent(methodID: String)
    // Strong-method registration (§3.7)
    case registrationRequired
    case registrationIntrospected
    case registrationCodeSent(channel: String, target: String)
    case registrationPreverified(channel: String, target: String)
    // Sign-up (§4)
    case signUpStarted
    case signUpCodeSent
    case signUpCredentialRequired
    case signUpPasswordRequested
    case signUpAttributesRequested
    // Password reset (§5)
    case resetStarted
    case resetCodeSent
    case resetVerified
    case resetPolling
    // A continuation-token grant at /token is next.
    case readyForToken(afterRegistration: Bool)
}
