/// Entries of the home menu.
public enum MenuItem: Sendable, Equatable {
    case signIn
    case signUp
    case resetPassword
    /// Only offered when someone is signed in.
    case account
    case quit
}
