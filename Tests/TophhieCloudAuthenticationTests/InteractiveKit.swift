import Foundation
import Synchronization
import TophhieCloudAuthentication

/// A scripted tenant for the interactive stack: a closure answers each request; time is virtual.
final class ScriptedTenant: HTTPTransport {
    typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse
    private let handler: Handler
    private let log = Mutex<[HTTPRequest]>([])

    init(_ handler: @escaping Handler) { self.handler = handler }

    var requests: [HTTPRequest] { log.withLock { $0 } }
    /// Form fields of the requests to `path` (suffix match).
    func forms(_ path: String) -> [[String: String]] {
        requests.filter { $0.url.path.hasSuffix(path) }.map { form(of: $0) }
    }

    func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
        log.withLock { $0.append(request) }
        return handler(request)
    }
}

func form(of request: HTTPRequest) -> [String: String] {
    var fields: [String: String] = [:]
    for pair in String(decoding: request.body, as: UTF8.self).split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }
        fields[parts[0]] = parts.count > 1 ? parts[1] : ""
    }
    return fields
}

/// A clock the test owns, advanced by the sleeper.
final class VirtualTime: Sendable {
    private let state: Mutex<(now: Date, sleeps: [Double])>
    init(_ start: Date = Date(timeIntervalSince1970: 1_767_225_600)) { state = Mutex((start, [])) }
    var now: Date { state.withLock { $0.now } }
    var sleeps: [Double] { state.withLock { $0.sleeps } }
    func advance(_ seconds: Double) { state.withLock { $0.now = $0.now.addingTimeInterval(seconds) } }
    var sleeper: Sleeper { { [self] seconds in state.withLock { $0.sleeps.append(seconds); $0.now = $0.now.addingTimeInterval(seconds) } } }
    var clock: @Sendable () -> Date { { [self] in now } }
}

enum InteractiveKit {
    static let tenantID = "9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00"
    static let objectID = "e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968"
    static let clientID = "4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b"
    static let authority = URL(string: "https://contoso.ciamlogin.com/\(tenantID)")!
    static let tokenPath = "/\(tenantID)/oauth2/v2.0/token"

    static let discovery = """
        {"issuer":"https://\(tenantID).ciamlogin.com/\(tenantID)/v2.0",
         "authorization_endpoint":"https://contoso.ciamlogin.com/\(tenantID)/oauth2/v2.0/authorize",
         "token_endpoint":"https://contoso.ciamlogin.com/\(tenantID)/oauth2/v2.0/token",
         "device_authorization_endpoint":"https://contoso.ciamlogin.com/\(tenantID)/oauth2/v2.0/devicecode",
         "end_session_endpoint":"https://contoso.ciamlogin.com/\(tenantID)/oauth2/v2.0/logout"}
        """

    static func base64URL(_ text: String) -> String { Base64URL.encode(text.utf8) }

    /// An unsigned id token for river@contoso.com.
    static func idToken(nonce: String? = nil) -> String {
        var payload = #"{"aud":"\#(clientID)","oid":"\#(objectID)","tid":"\#(tenantID)","preferred_username":"river@contoso.com","name":"River Tam""#
        if let nonce { payload += #","nonce":"\#(nonce)""# }
        payload += "}"
        return base64URL(#"{"alg":"none"}"#) + "." + base64URL(payload) + ".sig"
    }

    static let clientInfo = base64URL(#"{"uid":"\#(objectID)","utid":"\#(tenantID)"}"#)

    static func tokens(access: String = "at-1", refresh: String = "rt-1", expiresIn: Int = 3600) -> HTTPResponse {
        json(200, #"{"token_type":"Bearer","scope":"User.Read openid profile","expires_in":\#(expiresIn),"access_token":"\#(access)","refresh_token":"\#(refresh)","id_token":"\#(idToken())","client_info":"\#(clientInfo)"}"#)
    }

    static func error(_ error: String, code: Int? = nil, suberror: String? = nil, status: Int = 400) -> HTTPResponse {
        var body = #"{"error":"\#(error)","error_description":"AADSTS\#(code ?? 0): test","correlation_id":"c0ffee00-0000-0000-0000-000000000001""#
        if let code { body += #","error_codes":[\#(code)]"# }
        if let suberror { body += #","suberror":"\#(suberror)""# }
        return json(status, body + "}")
    }

    static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    /// A configured instance with an in-memory cache over `tenant`, on virtual time.
    static func auth(_ tenant: ScriptedTenant, time: VirtualTime, cachePath: String? = nil) throws -> TophhieAuth {
        let auth = TophhieAuth(transport: tenant, sleeper: time.sleeper, clock: time.clock)
        try auth.configure(clientId: clientID, authority: authority, tokenCachePath: cachePath)
        return auth
    }
}
