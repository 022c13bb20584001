import Foundation
import NativeAuthWire

/// A token answer decided under the emulator's lock, signed after it is released.
struct TokenMint: Sendable {
    let user: StoredUser
    let clientID: String
    let scopes: [String]
    let refreshToken: String?
    let lifetime: Int
    let origin: String
    let now: Date
    let includeClientInfo: Bool
    /// From the `/authorize` request behind an authorization code; `nil` for every other grant.
    var nonce: String? = nil
    /// When the user signed in on the emulator's pages (authorization-code grant only).
    var authTime: Date? = nil

    /// The token answer of docs/protocol.md §N3.4.
    func render(with issuer: TokenIssuer) throws -> EmulatorResponse {
        var body = ResponseBody(
            tokenType: "Bearer", scope: scopes.joined(separator: " "), extExpiresIn: lifetime,
            accessToken: try issuer.accessToken(user: user, clientID: clientID, scopes: scopes, origin: origin, now: now, lifetime: lifetime),
            refreshToken: refreshToken,
            idToken: scopes.contains("openid") ? try issuer.idToken(user: user, clientID: clientID, origin: origin, now: now, lifetime: lifetime,
                                                                      nonce: nonce, authTime: authTime) : nil,
            clientInfo: includeClientInfo ? issuer.clientInfo(userID: user.id) : nil)
        body.expiresIn = lifetime
        return TenantEmulator.success(body)
    }
}
