import Foundation

/// The parts of the tenant's OIDC discovery document the interactive stack uses.
///
/// Fetched once per configuration from `{authority}/v2.0/.well-known/openid-configuration`.
/// Source: docs/protocol.md §I7.1 (MSAL Python reads `authorization_endpoint`, `token_endpoint`,
/// `device_authorization_endpoint`; `end_session_endpoint` for sign-out, docs/protocol.md §I3.2).
struct OIDCMetadata: Sendable, Equatable {
    let authorizationEndpoint: URL
    let tokenEndpoint: URL
    let deviceAuthorizationEndpoint: URL?
    let endSessionEndpoint: URL?

    /// The tenant GUID as MSAL Python derives the cache's `realm`: the token endpoint's first path
    /// segment (docs/protocol.md trap T4), else `fallback`.
    func realm(fallback: String) -> String {
        tokenEndpoint.path.split(separator: "/").first.map(String.init) ?? fallback
    }

    /// - Throws: `AuthError.unexpectedResponse` when the body is not a discovery document with the two
    ///   required endpoints as absolute URLs.
    init(json data: Data) throws {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw AuthError.unexpectedResponse("The OIDC discovery document is not a JSON object.")
        }
        func url(_ key: String) -> URL? {
            (object[key] as? String).flatMap(URL.init(string:)).flatMap { $0.scheme == nil ? nil : $0 }
        }
        guard let authorization = url("authorization_endpoint"), let token = url("token_endpoint") else {
            throw AuthError.unexpectedResponse("The OIDC discovery document lacks authorization_endpoint or token_endpoint.")
        }
        authorizationEndpoint = authorization
        tokenEndpoint = token
        deviceAuthorizationEndpoint = url("device_authorization_endpoint")
        endSessionEndpoint = url("end_session_endpoint")
    }
}
