import Foundation
import Testing
import TophhieCloudAuthentication

/// `tophhie token` when the early refresh meets an outage: the still-valid token on stdout, exit 0, and one
/// line on stderr saying why it was not refreshed and until when it is valid (field case 030).
@Suite struct TokenCommandOutageTests {
    /// The tenant: discovery, and a gateway's HTML 503 with `Retry-After: 30` on the token endpoint.
    final class Outage: HTTPTransport {
        func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
            if request.method == "GET" {
                let base = "https://contoso.ciamlogin.com/t1"
                let body = #"{"issuer":"\#(base)/v2.0","authorization_endpoint":"\#(base)/oauth2/v2.0/authorize","token_endpoint":"\#(base)/oauth2/v2.0/token"}"#
                return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
            }
            return HTTPResponse(status: 503, headers: ["Content-Type": "text/html", "Retry-After": "30"],
                                body: Data("<html><body>Service Unavailable</body></html>".utf8))
        }
    }

    @Test func aFailedEarlyRefreshPrintsTheCachedTokenAndSaysWhyOnStderr() async throws {
        let cache = try HistoryFailureTests.operatorCache()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        // Signed in 45 minutes ago with a token valid 60 minutes and to be refreshed after 30.
        let signedIn = Date(timeIntervalSince1970: 1_773_477_000)   // 2026-03-14 08:30:00 UTC
        _ = try TokenCacheFile(path: cache).update { cache in
            try cache.store(TokenGrant(accessToken: "at-early", refreshToken: "rt", clientInfo: HistoryFailureTests.clientInfo,
                                                   scope: "AuditLog.Read.All", expiresIn: 3600, refreshIn: 1800),
                            clientID: HistoryFailureTests.clientID, environment: "contoso.ciamlogin.com", realm: "t1", requestedScopes: [],
                            accountSource: nil, now: signedIn)
        }
        let options = try HistoryFailureTests.options(cache: cache)
        let auth = TophhieAuth(transport: Outage(), clock: { signedIn.addingTimeInterval(2700) })
        let run = await AccountCommandTests.run(.token, options, auth: auth)
        #expect(run.status == 0)
        #expect(run.output == "at-early\n")
        #expect(run.errors == "tophhie token: Could not refresh early (service unavailable); the token is valid until 09:30 UTC.\n")
        let kept = try TokenCacheFile(path: cache).load().cache
        #expect(kept.refreshToken(homeAccountID: "u1.t1", environment: "contoso.ciamlogin.com", clientID: HistoryFailureTests.clientID)?.secret == "rt",
                "the refresh token stays")
    }
}
