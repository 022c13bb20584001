import Foundation
import NativeAuthWire

/// The Microsoft Graph subset under `/v1.0/`, on the same server as the tenant:
///
/// - `GET /v1.0/me` (`User.Read` or `User.ReadWrite`): the signed-in user's profile, default set or `$select`.
/// - `PATCH /v1.0/me` (`User.ReadWrite`): the customer-writable properties → 204 No Content.
/// - `GET /v1.0/auditLogs/signIns` (`AuditLog.Read.All`, premium tenant, caller listed in `operators`): the sign-in
///   log, newest first, `$filter` / `$top` / `@odata.nextLink` with `$skiptoken`.
/// - The tenant configuration reads of `tophhie tenant snapshot` (`TenantEmulator+Configuration.swift`), read-only.
///
/// Every request needs `Authorization: Bearer <Graph access token minted by this emulator>`. Errors use Graph's
/// envelope (`GraphError`); every answer carries `request-id`, `client-request-id` and `x-ms-ags-diagnostic`.
/// Faults queued for a Graph path (kinds `http429`, `http500`, `http403`, `delay`) apply here,
/// before the token is checked. Source: docs/protocol.md §I5, §I6, §I7.4; traps T14–T19; field cases 021, 022 (docs/field-cases.md).
extension TenantEmulator {
    /// Graph's paths the emulator serves, as Graph spells them.
    static let graphPaths = ["/v1.0/me", "/v1.0/auditLogs/signIns"] + configurationPaths

    static func isGraphPath(_ path: String) -> Bool {
        path == "/v1.0" || path.hasPrefix("/v1.0/") || path == "/beta" || path.hasPrefix("/beta/")
    }

    func handleGraph(_ request: EmulatorRequest, clientRequestID: String) -> EmulatorResponse {
        let now = clock.now
        let requestID = SecureRandom.guid()
        let origin = Self.origin(host: request.headers["host"], scheme: request.headers["x-emulator-scheme"], fallback: defaultOrigin)
        var response: EmulatorResponse
        do {
            response = try graphRoute(request, origin: origin, now: now)
        } catch {
            response = error.response(requestID: requestID, clientRequestID: clientRequestID, at: now)
        }
        response.headers["request-id"] = requestID
        response.headers["client-request-id"] = clientRequestID
        response.headers["x-ms-ags-diagnostic"] = #"{"ServerInfo":{"DataCenter":"Emulator","Slice":"E","Ring":"0","ScaleUnit":"000","RoleInstance":"tenant-emulator"}}"#
        return response
    }

    private func graphRoute(_ request: EmulatorRequest, origin: String, now: Date) throws(GraphError) -> EmulatorResponse {
        var lowered = request.path.lowercased()
        while lowered.count > 1, lowered.hasSuffix("/") { lowered.removeLast() }
        let configuration = Self.configurationRead(lowered)
        guard let path = Self.graphPaths.first(where: { $0.lowercased() == lowered })
                ?? configuration.map({ "/\($0.read.version)\($0.read.path)" }) else {
            let segment = request.path.split(separator: "/").last.map(String.init) ?? request.path
            throw GraphError(400, "BadRequest", "Resource not found for the segment '\(segment)'.")
        }
        let methods = path == "/v1.0/me" ? ["GET", "PATCH"] : ["GET"]
        guard methods.contains(request.method) else {
            throw GraphError(405, "Request_BadRequest", "Specified HTTP method is not allowed for the request uri.")
        }
        var delay = 0
        if let fault = faults.take(for: path, wildcard: false) {
            switch fault.kind {
            case .http429:
                throw GraphError(429, "TooManyRequests", "Too many requests. Retry later.",
                                 headers: fault.retryAfter ? ["Retry-After": String(fault.seconds)] : [:])
            case .http500:
                throw GraphError(500, "generalException", "General exception while processing.")
            case .http403:
                throw GraphError.insufficientPrivileges
            case .delay:
                delay = fault.seconds
            case .http503, .expiredToken, .redirect, .smsBlocked:
                break // refused when queued for a Graph path
            }
        }
        let caller = try issuer.graphCaller(authorization: request.headers["authorization"], now: now,
                                            authorizationURI: "\(origin)/\(tenantID)/oauth2/v2.0/authorize")
        lock.lock()
        defer { lock.unlock() }
        var response: EmulatorResponse
        switch (path, request.method) {
        case _ where configuration != nil:
            guard let configuration else { throw GraphError(400, "BadRequest", "Unsupported request.") }
            response = try configurationAnswer(configuration.read, flowID: configuration.flowID, caller: caller)
        case ("/v1.0/me", "GET"): response = try readProfile(request, caller: caller)
        case ("/v1.0/me", _): response = try updateProfile(request, caller: caller)
        default: response = try signInLog(request, caller: caller, origin: origin, now: now)
        }
        response.delaySeconds = delay
        return response
    }

    /// `GET /me`: 200 with the default set, or exactly the `$select`ed properties (unset → `null`, collections `[]`).
    /// - Throws: 403 without `User.Read`/`User.ReadWrite`; 400 unknown `$select` name; 404 user deleted.
    private func readProfile(_ request: EmulatorRequest, caller: GraphCaller) throws(GraphError) -> EmulatorResponse {
        guard caller.has(anyOf: ["User.Read", "User.ReadWrite"]) else { throw .insufficientPrivileges }
        let user = try graphUser(caller)
        let body = try GraphUserProfile.body(of: user, tenantName: policy.tenant.name, select: request.query["$select"])
        return .json(200, object: body)
    }

    /// `PATCH /me`: 204 No Content once stored.
    /// - Throws: 403 without `User.ReadWrite` or for any property outside the customer allow-list (nothing stored);
    ///   400 malformed JSON, non-string value, or clearing `displayName`; 404 user deleted.
    private func updateProfile(_ request: EmulatorRequest, caller: GraphCaller) throws(GraphError) -> EmulatorResponse {
        guard caller.has(anyOf: ["User.ReadWrite"]) else { throw .insufficientPrivileges }
        var user = try graphUser(caller)
        user.attributes = try GraphUserProfile.patched(user.attributes, body: request.body, writable: policy.graph.customerWritable)
        do {
            try store.update(user)
        } catch {
            throw GraphError(500, "generalException", "The profile could not be stored: \(error)")
        }
        return EmulatorResponse(status: 204)
    }

    /// `GET /auditLogs/signIns`. Checked in order: `AuditLog.Read.All` (403 `Authorization_RequestDenied`),
    /// `graph.premium` (403 `Authentication_RequestFromNonPremiumTenantOrB2CTenant`), caller in `operators`
    /// (403 `Authorization_RequestDenied`), query options (400). A sign-in shows `graph.signInLogLagSeconds` after
    /// it happened (Entra writes the log late: docs/protocol.md §I6.4). Interactive sign-ins only, as v1.0 lists them: a
    /// refresh-token grant stays in the control API's log (`isInteractive` false) and is not shown here.
    private func signInLog(_ request: EmulatorRequest, caller: GraphCaller, origin: String, now: Date) throws(GraphError) -> EmulatorResponse {
        guard caller.has(anyOf: ["AuditLog.Read.All"]) else { throw .insufficientPrivileges }
        guard policy.graph.premium else { throw .nonPremium }
        let user = try graphUser(caller)
        guard policy.isOperator(user.email) else { throw .insufficientPrivileges }
        let query = try SignInQuery(query: request.query)
        let rows: [SignInEvent]
        do {
            let written = now.addingTimeInterval(-Double(policy.graph.signInLogLagSeconds))
            rows = try store.signIns().filter { $0.isInteractive && $0.createdAt <= written && query.matches($0) }
        } catch {
            throw GraphError(500, "generalException", "The sign-in log could not be read: \(error)")
        }
        let page = rows.prefix(query.top)
        var body: [String: Any] = ["@odata.context": "https://graph.microsoft.com/v1.0/$metadata#auditLogs/signIns",
                                   "value": page.map(\.graphJSON)]
        if rows.count > page.count, let last = page.last {
            var items = [("$top", String(query.top))]
            if let filter = request.query["$filter"], !filter.isEmpty { items.append(("$filter", Self.uriEscape(filter))) }
            items.append(("$skiptoken", SignInQuery.escapedInLink(SignInQuery.skipToken(after: last))))
            body["@odata.nextLink"] = "\(origin)/v1.0/auditLogs/signIns?" + items.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        }
        return .json(200, object: body)
    }

    /// The user behind the token. - Throws: 404 `Request_ResourceNotFound` when the account is gone.
    func graphUser(_ caller: GraphCaller) throws(GraphError) -> StoredUser {
        guard let user = try? store.user(id: caller.userID) else {
            throw GraphError(404, "Request_ResourceNotFound",
                             "Resource '\(caller.userID)' does not exist or one of its queried reference-property objects are not present.")
        }
        return user
    }
}
