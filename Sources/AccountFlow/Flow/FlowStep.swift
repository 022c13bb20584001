/// The step the console is at: each case carries exactly what its screen needs.
public enum FlowStep: Sendable, Equatable {
    case home
    case signInStart(SignInForm)
    case signUpStart(SignUpForm)
    case resetStart(EmailForm)
    case codeEntry(CodeEntry)
    case newPassword(NewPasswordForm)
    /// Sign-up's `attributes_required` step.
    case attributes(AttributeForm)
    case methodPicker(MethodPicker)
    case contactEntry(ContactEntry)
    /// The new password was sent; the service is applying it (poll number, 0 before the first poll).
    case resetPolling(poll: Int)
    /// The password was changed; signing in with it is offered.
    case resetDone
    /// Sign-up or reset finished; signing in with its continuation token is in flight, or offered again
    /// after that sign-in failed or was cancelled.
    case readyToSignIn
    case webFallback(WebFallback)
    case signedIn(SignedInAccount)
    /// Enrolment mode: the account for `email` was created and forgotten.
    case enrolled(email: String)
    /// Enrolment mode: `email` signed in (after every check the tenant asked for, a method registration
    /// included); the account and its tokens were forgotten.
    case enrolmentSignedIn(email: String)
    indirect case failure(FailureReport)
}
