import Foundation

/// A validated `/authorize` request: what the sign-in pages carry to the redirect and what the code binds.
/// Source: docs/protocol.md §I4.4, §I4.5.
struct AuthorizeRequest {
    /// How the answer reaches the client's redirect URI.
    enum ResponseMode: String {
        /// `query` (the default for `response_type=code`), `fragment`, or `form_post` (an auto-submitting form).
        case query, fragment, formPost = "form_post"
    }

    var clientID: String
    /// Exactly as sent: `/token` must send the same bytes.
    var redirectURI: String
    var responseMode: ResponseMode
    var state: String?
    var nonce: String?
    /// Space-separated, as sent.
    var scope: String
    var codeChallenge: String
    /// `S256` or `plain`.
    var codeChallengeMethod: String
    /// `client_info=1` (or `true`) was sent: the redirect carries `client_info` too.
    var wantsClientInfo: Bool
}
