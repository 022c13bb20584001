/// Why a browser or device-code sign-in, a sign-out or an account switch did not succeed, as the flow
/// needs it (the framework's interactive `AuthError` mapped by the runner).
public struct InteractiveFailure: Sendable, Equatable, Error {
    /// What the flow does about it.
    public enum Kind: Sendable, Equatable {
        /// No usable cached tokens: only an interactive sign-in helps (`invalid_grant`, no account).
        case needsSignIn
        /// The user refused the sign-in (`access_denied`, `authorization_declined`).
        case declined
        /// The device code or the browser request ran out of time (`expired_token`).
        case expired
        /// Cancelled outside the console's Esc (the browser page was closed, the listener stopped).
        case cancelled
        /// The tenant could not be reached.
        case network
        /// Anything else.
        case other
    }

    /// What the flow does about it.
    public var kind: Kind
    /// A sentence for the user.
    public var message: String
    /// For operators: the server's error code, AADSTS number, correlation id.
    public var detail: String?

    /// Memberwise; `detail` defaults to `nil`.
    public init(kind: Kind, message: String, detail: String? = nil) {
        self.kind = kind
        self.message = message
        self.detail = detail
    }
}
