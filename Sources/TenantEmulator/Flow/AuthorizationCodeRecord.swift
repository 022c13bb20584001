import Foundation

/// An authorization code the emulator issued, found by the SHA-256 of the code (the code itself is not kept).
///
/// Bound to the client, the byte-exact redirect URI, the PKCE challenge, the nonce and the scopes; lives
/// 10 minutes of virtual time; works once. Source: docs/protocol.md §I4.5; RFC 7636 §4.6.
struct AuthorizationCodeRecord {
    var request: AuthorizeRequest
    var userID: String
    var mfaSatisfied: Bool
    /// When the user signed in (the id token's `auth_time`).
    var authTime: Date
    var expiresAt: Date
    /// Redeemed once already: a second redemption answers 54005.
    var redeemed = false
}
