import Foundation

/// A Microsoft Graph error before it is rendered in Graph's envelope:
/// `{"error":{"code","message","innerError":{"date","request-id","client-request-id"}}}`.
///
/// `innerError.date` is UTC without a zone suffix (`2026-03-14T09:31:07`). Clients branch on `status` and
/// `code`, never on `message`. Source: docs/protocol.md §I5.3 (envelope, table), trap T18.
struct GraphError: Error {
    var status: Int
    var code: String
    var message: String
    /// Extra response headers (`WWW-Authenticate`, `Retry-After`).
    var headers: [String: String] = [:]

    init(_ status: Int, _ code: String, _ message: String, headers: [String: String] = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// 401 `InvalidAuthenticationToken` with Graph's `WWW-Authenticate` challenge (docs/protocol.md §I5.3 "401 header");
    /// `authorizationURI` is the emulator's own authorize endpoint.
    static func unauthenticated(_ message: String, authorizationURI: String) -> GraphError {
        GraphError(401, "InvalidAuthenticationToken", message, headers: [
            "WWW-Authenticate": #"Bearer realm="", authorization_uri="\#(authorizationURI)", client_id="\#(GraphScopes.resourceID)""#,
        ])
    }

    /// 403 `Authorization_RequestDenied`: a missing scope or role, or a property the caller may not change.
    static let insufficientPrivileges = GraphError(403, "Authorization_RequestDenied", "Insufficient privileges to complete the operation.")

    /// 403 licence gate of the sign-in logs (docs/protocol.md §I6.3; field case 022 a (docs/field-cases.md)).
    static let nonPremium = GraphError(403, "Authentication_RequestFromNonPremiumTenantOrB2CTenant",
                                       "Neither tenant is B2C or tenant doesn't have premium license")

    /// 400 `Request_BadRequest`.
    static func badRequest(_ message: String) -> GraphError { GraphError(400, "Request_BadRequest", message) }

    /// The envelope, with `request-id` / `client-request-id` in the body and as headers.
    func response(requestID: String, clientRequestID: String, at date: Date) -> EmulatorResponse {
        var response = EmulatorResponse.json(status, object: [
            "error": ["code": code, "message": message,
                      "innerError": ["date": date.utcText("yyyy-MM-dd'T'HH:mm:ss"), "request-id": requestID, "client-request-id": clientRequestID]],
        ])
        response.headers.merge(headers) { _, new in new }
        return response
    }
}
