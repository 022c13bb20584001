/// Entries of the home menu.
public enum MenuItem: Sendable, Equatable {
    /// Opens the sign-in screen, abandoning any flow in progress.
    case signIn
    /// Starts a browser (authorization code) sign-in, abandoning any flow in progress. Not in enrolment mode.
    case browserSignIn
    /// Starts a device-code sign-in, abandoning any flow in progress. Not in enrolment mode.
    case deviceCodeSignIn
    /// Opens the sign-up screen, abandoning any flow in progress.
    case signUp
    /// Opens the password-reset screen, abandoning any flow in progress.
    case resetPassword
    /// Only offered when someone is signed in.
    case account
    /// Forgets any flow and ends the console.
    case quit
}
