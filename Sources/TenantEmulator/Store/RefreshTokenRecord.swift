import Foundation

/// A refresh token as stored: only its SHA-256, never the token itself.
struct RefreshTokenRecord: Sendable {
    var userID: String
    var clientID: String
    var scope: String
    var expiresAt: Date
    /// Whether the sign-in that produced it passed MFA (a later MFA requirement answers 50076 otherwise).
    var mfaSatisfied: Bool
}
