import Foundation
import NativeAuthWire
import Testing
@testable import TenantEmulator

/// The preset users and constants the Graph tests use.
enum GraphFixture {
    static let jane = "jane.doe@contoso.com"
    static let janePassword = "Blue-Harbor-7419!"
    static let ops = "ops@contoso.com"
    static let opsPassword = "Ops-Harbor-5521!"
    static let graphAppID = "00000003-0000-0000-c000-000000000000"
    static let auditScope = "openid profile offline_access AuditLog.Read.All"
}

/// Graph requests to an in-process emulator, with tokens from the emulator's own native password grant.
extension Harness {
    /// A native password sign-in with `scope`; returns the token answer's JSON (access, refresh, id tokens).
    func signIn(_ username: String = GraphFixture.jane, _ password: String = GraphFixture.janePassword,
                scope: String = "openid profile offline_access User.Read") throws -> [String: Any] {
        let answer = passwordGrant(try signInPasswordToken(username), username, password, scope: scope)
        guard answer.status == 200, let body = answer.jsonObject else { throw HarnessError.notJSON("token", answer.status) }
        return body
    }

    /// An access token for `scope` (Graph's when `scope` names Graph permissions).
    func accessToken(_ username: String = GraphFixture.jane, _ password: String = GraphFixture.janePassword, scope: String = "openid profile offline_access User.Read") throws -> String {
        try #require(try signIn(username, password, scope: scope)["access_token"] as? String)
    }

    /// A Graph request; `token` nil sends no `Authorization`; `target` may carry a query (`/v1.0/me?$select=…`).
    func graph(_ method: String, _ target: String, token: String?, body: String? = nil, headers: [String: String] = [:]) -> EmulatorResponse {
        var headers = headers
        if let token { headers["Authorization"] = "Bearer \(token)" }
        if body != nil { headers["Content-Type"] = "application/json" }
        return emulator.handle(EmulatorRequest(method: method, path: target, headers: headers, body: Data((body ?? "").utf8)))
    }

    /// The sign-in log through the control API, newest first.
    func signInLog() -> [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: control("GET", "signins").body)) as? [[String: Any]] ?? []
    }

    /// Follows an absolute `@odata.nextLink` as given: the origin is the emulator's, the rest goes as sent.
    func follow(_ link: String, token: String) throws -> EmulatorResponse {
        let origin = emulator.defaultOrigin
        #expect(link.hasPrefix(origin + "/v1.0/"), "absolute link on the emulator's origin: \(link)")
        return graph("GET", String(link.dropFirst(origin.count)), token: token)
    }
}

/// `error.code`, `error.message` and `error.innerError` of a Graph error answer.
func graphError(_ response: EmulatorResponse) -> (code: String?, message: String?, inner: [String: Any]) {
    let error = response.jsonObject?["error"] as? [String: Any]
    return (error?["code"] as? String, error?["message"] as? String, error?["innerError"] as? [String: Any] ?? [:])
}

/// Checks Graph's envelope: exactly `code`/`message`/`innerError{date,request-id,client-request-id}`, the date
/// without a zone, and the ids echoed as headers.
func expectGraphEnvelope(_ response: EmulatorResponse, status: Int, code: String, message: String? = nil,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(response.status == status, sourceLocation: sourceLocation)
    let error = response.jsonObject?["error"] as? [String: Any] ?? [:]
    #expect(Set(error.keys) == ["code", "message", "innerError"], sourceLocation: sourceLocation)
    #expect(error["code"] as? String == code, sourceLocation: sourceLocation)
    if let message { #expect(error["message"] as? String == message, sourceLocation: sourceLocation) }
    let inner = error["innerError"] as? [String: Any] ?? [:]
    #expect(Set(inner.keys) == ["date", "request-id", "client-request-id"], sourceLocation: sourceLocation)
    let date = inner["date"] as? String ?? ""
    #expect(date.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$"#, options: .regularExpression) != nil, "no zone: \(date)",
            sourceLocation: sourceLocation)
    #expect(inner["request-id"] as? String == response.headers["request-id"], sourceLocation: sourceLocation)
    #expect(inner["client-request-id"] as? String == response.headers["client-request-id"], sourceLocation: sourceLocation)
    #expect(UUID(uuidString: response.headers["request-id"] ?? "") != nil, sourceLocation: sourceLocation)
}
