@testable import ConsoleCommandLine
import Foundation
import Synchronization
import Testing
import TophhieCloudAuthentication

/// `tophhie history` prints what it read before a later page failed, then fails (exit 1) saying why.
@Suite struct HistoryFailureTests {
    /// Page 1: one row and a next link; page 2: throttled for longer than the framework waits.
    final class Graph: HTTPTransport {
        func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
            if request.url.absoluteString.contains("skiptoken") {
                return HTTPResponse(status: 429, headers: ["Retry-After": "600"], body: Data(#"{"error":{"code":"TooManyRequests","message":"slow down"}}"#.utf8))
            }
            let body = #"{"value":[{"id":"row-1","createdDateTime":"2026-11-30T10:00:00.1234567Z","status":{"errorCode":0},"appDisplayName":"Contoso"}],"@odata.nextLink":"https://graph.microsoft.com/v1.0/auditLogs/signIns?$skiptoken=abc"}"#
            return HTTPResponse(status: 200, body: Data(body.utf8))
        }
    }

    /// Page 1: 50 rows and a next link with a lower-case escaped skip token; page 2: Graph's 400 "Invalid Skip
    /// Token" with an empty code, every time (field case 033).
    final class RefusingGraph: HTTPTransport {
        static let link = "https://graph.microsoft.com/v1.0/auditLogs/signIns?$top=50&$skiptoken=Pc2xDs%2fFdD%2b%2bRk%3d"
        let pageTwoRequests = Mutex<[String]>([])

        func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
            if request.url.absoluteString.contains("skiptoken") {
                pageTwoRequests.withLock { $0.append(request.url.absoluteString) }
                return HTTPResponse(status: 400, body: Data(#"{"error":{"code":"","message":"Invalid Skip Token","innerError":{"date":"2026-03-14T09:31:07"}}}"#.utf8))
            }
            let rows = (0..<50).map { #"{"id":"row-\#($0)","createdDateTime":"2026-03-14T09:26:41.1234567Z","status":{"errorCode":0},"appDisplayName":"Contoso"}"# }
            return HTTPResponse(status: 200, body: Data((#"{"value":["# + rows.joined(separator: ",") + #"],"@odata.nextLink":"\#(Self.link)"}"#).utf8))
        }
    }

    @Test func aRefusedPageLinkPrintsTheRowsReadAsPartialJSONAndFails() async throws {
        let cache = try Self.operatorCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        var options = try Self.options(cache: cache)
        options.json = true
        let graph = RefusingGraph()
        let run = await AccountCommandTests.run(.history, options, auth: TophhieAuth(transport: graph))
        #expect(run.status == 1)
        let printed = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
        #expect((printed["value"] as? [[String: Any]])?.count == 50)
        #expect(printed["partial"] as? Bool == true)
        #expect(run.errors.contains("Graph refused the page link: Invalid Skip Token."), "\(run.errors)")
        #expect(run.errors.contains("The 50 sign-ins read before it are printed above."))
        #expect(graph.pageTwoRequests.withLock { $0 } == [RefusingGraph.link], "sent byte for byte, once")
    }

    static let clientID = "4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b"
    static let clientInfo = encode(#"{"uid":"u1","utid":"t1"}"#)

    static func encode(_ json: String) -> String { Base64URL.encode(json.utf8) }

    /// A cache holding an operator account with an `AuditLog.Read.All` token valid for an hour.
    static func operatorCache() throws -> String {
        let cache = NSTemporaryDirectory() + "tophhie-\(UUID().uuidString).json"
        let idToken = encode(#"{"alg":"none"}"#) + "." + encode(#"{"oid":"u1","tid":"t1","preferred_username":"ops@contoso.com"}"#) + ".sig"
        _ = try TokenCacheFile(path: cache).update { cache in
            try cache.store(TokenGrant(accessToken: "at", refreshToken: "rt", idToken: Secret(idToken), clientInfo: clientInfo, scope: "AuditLog.Read.All",
                                                   expiresIn: 3600),
                            clientID: clientID, environment: "contoso.ciamlogin.com", realm: "t1", requestedScopes: [],
                            accountSource: nil, now: Date())
        }
        return cache
    }

    /// `tophhie history --user OBJECT-ID --pages 3` with that cache.
    static func options(cache: String) throws -> AccountCommandOptions {
        let target = TenantTarget(authority: try #require(URL(string: "https://contoso.ciamlogin.com/t1")), clientID: clientID,
                                  capabilities: [], challengeTypes: [])
        var options = AccountCommandOptions(target: target, tokenCachePath: cache)
        options.historyUser = "3f2a1b0c-9d8e-4f7a-b6c5-d4e3f2a1b0c9"
        options.pages = 3
        options.scopes = ["AuditLog.Read.All"]
        return options
    }

    @Test func rowsReadBeforeAThrottledPageArePrintedAndTheCommandFails() async throws {
        let cache = NSTemporaryDirectory() + "tophhie-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let clientID = "4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b"
        let info = Self.encode(#"{"uid":"u1","utid":"t1"}"#)
        let idToken = Self.encode(#"{"alg":"none"}"#) + "." + Self.encode(#"{"oid":"u1","tid":"t1","preferred_username":"ops@contoso.com"}"#) + ".sig"
        _ = try TokenCacheFile(path: cache).update { cache in
            try cache.store(TokenGrant(accessToken: "at", refreshToken: "rt", idToken: Secret(idToken), clientInfo: info, scope: "AuditLog.Read.All",
                                                   expiresIn: 3600),
                            clientID: clientID, environment: "contoso.ciamlogin.com", realm: "t1", requestedScopes: [],
                            accountSource: nil, now: Date())
        }
        let target = TenantTarget(authority: try #require(URL(string: "https://contoso.ciamlogin.com/t1")), clientID: clientID,
                                  capabilities: [], challengeTypes: [])
        var options = AccountCommandOptions(target: target, tokenCachePath: cache)
        options.historyUser = "3f2a1b0c-9d8e-4f7a-b6c5-d4e3f2a1b0c9"
        options.pages = 3
        options.scopes = ["AuditLog.Read.All"]
        let run = await AccountCommandTests.run(.history, options, auth: TophhieAuth(transport: Graph()))
        #expect(run.status == 1)
        #expect(run.output.contains("success") && run.output.contains("Contoso"), "\(run.output)")
        #expect(run.errors.contains("The 1 sign-ins read before it are printed above."), "\(run.errors)")
    }
}
