/// A browser sign-in in progress: the address the user completes it at, and where the browser returns.
public struct BrowserPrompt: Sendable, Equatable {
    /// The full authorization request URL (`/authorize` with client id, PKCE challenge, state…); shown
    /// whole, since operators may copy it to a browser on another machine.
    public var authorizationURL: String
    /// The loopback listener the browser is sent back to, `http://localhost:PORT`.
    public var redirectURI: String
    /// Whether the console managed to open a browser itself.
    public var browserOpened: Bool

    /// Memberwise.
    public init(authorizationURL: String, redirectURI: String, browserOpened: Bool) {
        self.authorizationURL = authorizationURL
        self.redirectURI = redirectURI
        self.browserOpened = browserOpened
    }
}
