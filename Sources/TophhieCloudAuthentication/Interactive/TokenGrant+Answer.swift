import Foundation

extension TokenGrant {
    /// Reads a successful token answer of `/oauth2/v2.0/token` (any grant) as the interactive stack receives it.
    ///
    /// `expires_in` may arrive as a number or a string (AAD v1-style endpoints; MSAL Python tolerates both); a
    /// missing `scope` is the one requested, a missing `token_type` `Bearer`.
    /// Source: docs/protocol.md §I2.2.
    /// - Throws: `AuthError.unexpectedResponse` without a non-empty `access_token` or a usable `expires_in`.
    init(answer data: Data, requestedScope: String) throws {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw AuthError.unexpectedResponse("The token answer is not a JSON object.")
        }
        guard let access = object["access_token"] as? String, !access.isEmpty else {
            throw AuthError.unexpectedResponse("The token answer has no access_token.")
        }
        guard let expires = Self.seconds(object["expires_in"]) else {
            throw AuthError.unexpectedResponse("The token answer has no usable expires_in.")
        }
        func text(_ key: String) -> String? { (object[key] as? String).flatMap { $0.isEmpty ? nil : $0 } }
        self.init(accessToken: Secret(access), refreshToken: text("refresh_token").map { Secret($0) }, idToken: text("id_token").map { Secret($0) },
                  clientInfo: text("client_info"),
                  scope: text("scope") ?? requestedScope, expiresIn: expires, extExpiresIn: Self.seconds(object["ext_expires_in"]),
                  refreshIn: Self.seconds(object["refresh_in"]), tokenType: object["token_type"] as? String ?? "Bearer")
    }

    /// Seconds given as a JSON number or a numeric string (`"3599"`); nil otherwise.
    static func seconds(_ value: Any?) -> Int? {
        switch value {
        case let number as NSNumber: number.intValue
        case let text as String: Int(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }
}
