import Foundation

/// A browser's sign-in session at the emulator, behind the `ESTSAUTH` cookie (stored by the SHA-256 of its value).
///
/// Lets `/authorize` sign in without pages (single sign-on, `prompt=none`) until `/logout` ends it.
/// Source: docs/protocol.md §I3.2 (the session cookie logout clears), §I4.4 (`prompt`).
struct BrowserSession {
    var userID: String
    var mfaSatisfied: Bool
    /// When the user last signed in with a password or code (the id token's `auth_time`).
    var authTime: Date
    var expiresAt: Date
}
