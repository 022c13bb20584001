/// How the signed-in account came to this console, for the account screen.
public enum AccountSource: Sendable, Equatable {
    /// A native-authentication sign-in in the console's own screens.
    case nativeSignIn
    /// An authorization-code sign-in in a web browser.
    case browser
    /// A device-code sign-in completed on another device.
    case deviceCode
    /// Found in the token cache (at start-up, or by switching account); no sign-in in this session.
    case restored
}
