import Foundation
import Synchronization
import TophhieCloudAuthentication

/// A scripted tenant plus a scripted Microsoft Graph: river signs in by device code (access token `at-1`,
/// scope `User.Read`); each refresh grant answers `at-2`, `at-3`, …; requests to `graph.microsoft.com`
/// go to the test's handler. Time is virtual.
struct GraphKit {
    static let graphHost = "graph.microsoft.com"
    static let me = "https://graph.microsoft.com/v1.0/me"

    let auth: TophhieAuth
    let tenant: ScriptedTenant
    let time: VirtualTime
    /// Waits before the Graph calls (the device-code poll).
    let sleepsAtSignIn: Int

    /// The sleeper's waits since the sign-in, in seconds.
    var graphSleeps: [Double] { Array(time.sleeps.dropFirst(sleepsAtSignIn)) }

    /// Requests sent to Graph, in order.
    var graphRequests: [HTTPRequest] { tenant.requests.filter { $0.url.host == Self.graphHost } }
    /// The refresh grants sent to the tenant (form fields), in order.
    var refreshes: [[String: String]] { tenant.forms("/token").filter { $0["grant_type"] == "refresh_token" } }
    /// The `Authorization` header of each Graph request.
    var bearers: [String?] { graphRequests.map { $0.headers["Authorization"] } }

    /// Signs river in, then answers Graph with `graph`.
    static func signedIn(graph: @escaping @Sendable (HTTPRequest) -> HTTPResponse) async throws -> GraphKit {
        let refreshCount = Mutex(1)
        let tenant = ScriptedTenant { request in
            if request.url.host == graphHost { return graph(request) }
            if request.method == "GET" { return InteractiveKit.json(200, InteractiveKit.discovery) }
            if request.url.path.hasSuffix("/devicecode") {
                return InteractiveKit.json(200, #"{"device_code":"dc-1","user_code":"ABCD-EFGH","verification_uri":"https://x.example/d","expires_in":900,"interval":5}"#)
            }
            if form(of: request)["grant_type"] == "refresh_token" {
                let n = refreshCount.withLock { $0 += 1; return $0 }
                return InteractiveKit.tokens(access: "at-\(n)", refresh: "rt-\(n)")
            }
            return InteractiveKit.tokens()
        }
        let time = VirtualTime()
        let auth = try InteractiveKit.auth(tenant, time: time)
        _ = try await auth.startDeviceCodeSignIn().waitForSignIn()
        return GraphKit(auth: auth, tenant: tenant, time: time, sleepsAtSignIn: time.sleeps.count)
    }

    /// A handler answering Graph from `answers` in order, then 500 (a test that asks more fails visibly).
    static func queue(_ answers: [HTTPResponse]) -> @Sendable (HTTPRequest) -> HTTPResponse {
        let queue = Mutex(answers)
        return { _ in queue.withLock { $0.isEmpty ? InteractiveKit.json(500, #"{"error":{"code":"UnexpectedCall"}}"#) : $0.removeFirst() } }
    }

    /// A Graph error answer with the nested envelope (docs/protocol.md §I5.3).
    static func error(_ status: Int, _ code: String, headers: [String: String] = [:]) -> HTTPResponse {
        var response = InteractiveKit.json(status, #"""
            {"error":{"code":"\#(code)","message":"Insufficient privileges to complete the operation.","innerError":{"date":"2026-03-14T09:31:07","request-id":"3c9e1f20-6a4b-4d8c-b2e1-0f9a8b7c6d5e","client-request-id":"11111111-2222-3333-4444-555555555555"}}}
            """#)
        for (name, value) in headers { response.headers[name] = value }
        return response
    }

    /// A 429 with `Retry-After: seconds` (none when nil).
    static func throttled(retryAfter seconds: Int?) -> HTTPResponse {
        error(429, "TooManyRequests", headers: seconds.map { ["Retry-After": "\($0)"] } ?? [:])
    }

    /// A sign-in row, number `n`, succeeded.
    static func row(_ n: Int) -> String {
        #"{"id":"evt-\#(n)","createdDateTime":"2026-03-14T09:26:41.1234567Z","userId":"\#(InteractiveKit.objectID)","status":{"errorCode":0}}"#
    }

    /// A sign-in page of rows `range`, with `nextLink` if given (written JSON-escaped, `/` as `\/`, as
    /// Graph may send it).
    static func page(_ range: Range<Int>, nextLink: String?) -> HTTPResponse {
        let link = nextLink.map { #","@odata.nextLink":"\#($0.replacingOccurrences(of: "/", with: "\\/"))""# } ?? ""
        return InteractiveKit.json(200, #"{"@odata.context":"https://graph.microsoft.com/v1.0/$metadata#auditLogs/signIns","value":["#
            + range.map(row).joined(separator: ",") + "]" + link + "}")
    }
}
