import Foundation

/// Reads the claims of a JWT (id token) and the `client_info` blob without verifying signatures:
/// they come straight from the token endpoint over TLS and are only displayed.
enum JWTClaims {
    /// The payload's claims as text (arrays joined with spaces); empty when the token is malformed.
    static func claims(ofJWT token: String) -> [String: String] {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return [:] }
        return claims(ofBase64URLJSON: String(parts[1]))
    }

    /// Decodes base64url JSON (`client_info`) into text claims.
    static func claims(ofBase64URLJSON text: String) -> [String: String] {
        guard let data = Base64URL.decode(text),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        return object.mapValues(Self.text)
    }

    private static func text(_ value: Any) -> String {
        switch value {
        case let string as String: string
        case let array as [Any]: array.map(text).joined(separator: " ")
        case let number as NSNumber: number.stringValue
        default: String(describing: value)
        }
    }
}
