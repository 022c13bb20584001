import Foundation

/// A successful token answer of `/oauth2/v2.0/token` (any grant), as the interactive stack reads it.
///
/// `expires_in` may arrive as a number or a string (AAD v1-style endpoints; MSAL Python tolerates both).
/// Source: docs/protocol.md §I2.2.
struct TokenAnswer: Sendable {
    let accessToken: String
    let refreshToken: String?
    let idToken: String?
    let clientInfo: String?
    let scope: String
    let expiresIn: Int
    let extExpiresIn: Int?
    let refreshIn: Int?
    let tokenType: String

    /// - Throws: `AuthError.unexpectedResponse` without a non-empty `access_token` or `expires_in`.
    init(json data: Data, requestedScope: String) throws {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw AuthError.unexpectedResponse("The token answer is not a JSON object.")
        }
        guard let access = object["access_token"] as? String, !access.isEmpty else {
            throw AuthError.unexpectedResponse("The token answer has no access_token.")
        }
        guard let expires = Self.seconds(object["expires_in"]) else {
            throw AuthError.unexpectedResponse("The token answer has no usable expires_in.")
        }
        accessToken = access
        refreshToken = (object["refresh_token"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        idToken = (object["id_token"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        clientInfo = (object["client_info"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        scope = (object["scope"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? requestedScope
        expiresIn = expires
        extExpiresIn = Self.seconds(object["ext_expires_in"])
        refreshIn = Self.seconds(object["refresh_in"])
        tokenType = object["token_type"] as? String ?? "Bearer"
    }

    static func seconds(_ value: Any?) -> Int? {
        switch value {
        case let number as NSNumber: number.intValue
        case let text as String: Int(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }

    /// The answer in the cache's shape.
    var cacheable: CacheableTokenResponse {
        CacheableTokenResponse(accessToken: accessToken, refreshToken: refreshToken, idToken: idToken, clientInfo: clientInfo,
                               scope: scope, expiresIn: expiresIn, extExpiresIn: extExpiresIn, refreshIn: refreshIn,
                               tokenType: tokenType)
    }
}
