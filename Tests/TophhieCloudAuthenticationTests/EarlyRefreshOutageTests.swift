import Foundation
import Synchronization
import Testing
import TophhieCloudAuthentication

/// An early refresh (after `refresh_in`, the token still valid) that meets an outage serves the cached
/// token and keeps the refresh token; inside the last 5 minutes the outage is a "try later" error, never
/// "sign in again" (MSAL's rule for a failed proactive refresh; field case 030).
@Suite struct EarlyRefreshOutageTests {
    /// The token answer of the sign-in: valid 3600 s, to be refreshed after 1800 s.
    static let signInAnswer = InteractiveKit.json(200, #"{"token_type":"Bearer","scope":"User.Read openid profile","expires_in":3600,"refresh_in":1800,"access_token":"at-1","refresh_token":"rt-1","id_token":"\#(InteractiveKit.idToken())","client_info":"\#(InteractiveKit.clientInfo)"}"#)

    /// The three outage answers: a gateway's HTML 503 with `Retry-After: 30`, a JSON 429
    /// `temporarily_unavailable`, a JSON 500 `server_error`.
    static let outages: [(String, HTTPResponse)] = [
        ("503 HTML", HTTPResponse(status: 503, headers: ["Content-Type": "text/html", "Retry-After": "30"],
                                  body: Data("<html><body><h1>503 Service Unavailable</h1></body></html>".utf8))),
        ("429 temporarily_unavailable", InteractiveKit.error("temporarily_unavailable", code: 90055, status: 429)),
        ("500 server_error", InteractiveKit.error("server_error", code: 90033, status: 500)),
    ]

    /// Signed in by device code at 2026-01-01 00:00 UTC; refreshes answered from `refreshes`.
    static func signedIn(refreshes: [HTTPResponse]) async throws -> (TophhieAuth, ScriptedTenant, VirtualTime) {
        let queue = Mutex(refreshes)
        let tenant = ScriptedTenant { request in
            if request.method == "GET" { return InteractiveKit.json(200, InteractiveKit.discovery) }
            if request.url.path.hasSuffix("/devicecode") {
                return InteractiveKit.json(200, #"{"device_code":"dc-1","user_code":"ABCD-EFGH","verification_uri":"https://x.example/d","expires_in":900,"interval":5}"#)
            }
            if form(of: request)["grant_type"] == "refresh_token" {
                return queue.withLock { $0.isEmpty ? InteractiveKit.tokens(access: "at-2", refresh: "rt-2") : $0.removeFirst() }
            }
            return signInAnswer
        }
        let time = VirtualTime()
        let auth = try InteractiveKit.auth(tenant, time: time)
        _ = try await auth.startDeviceCodeSignIn().waitForSignIn()
        return (auth, tenant, time)
    }

    static func refreshTokensSent(_ tenant: ScriptedTenant) -> [String?] {
        tenant.forms("/token").filter { $0["grant_type"] == "refresh_token" }.map { $0["refresh_token"] }
    }

    @Test(arguments: outages.map(\.0))
    func aFailedEarlyRefreshServesTheStillValidTokenAndTriesAgainNextTime(_ label: String) async throws {
        let outage = try #require(Self.outages.first { $0.0 == label }?.1)
        let (auth, tenant, time) = try await Self.signedIn(refreshes: [outage])
        let signedInAt = time.now
        time.advance(2700)   // 45 minutes: past refresh_in, 15 minutes left

        let served = try await auth.acquireTokenSilent()
        #expect(served.accessToken == "at-1", "the cached token, still valid")
        #expect(served.refreshToken == "rt-1", "the refresh token stays")
        #expect(served.expiresOn == signedInAt.addingTimeInterval(3600))
        let notice = try #require(served.refreshDeferral)
        #expect(notice.hasPrefix("Could not refresh early ("))
        #expect(notice.hasSuffix("the token is valid until 01:00 UTC."))

        // The outage is over: the next call refreshes with the same refresh token.
        let next = try await auth.acquireTokenSilent()
        #expect(next.accessToken == "at-2" && next.refreshDeferral == nil)
        #expect(Self.refreshTokensSent(tenant) == ["rt-1", "rt-1"])
    }

    @Test func aRefreshFreshTokenIsServedWithoutANotice() async throws {
        let (auth, tenant, time) = try await Self.signedIn(refreshes: [])
        time.advance(1700)
        let served = try await auth.acquireTokenSilent()
        #expect(served.accessToken == "at-1" && served.refreshDeferral == nil)
        #expect(Self.refreshTokensSent(tenant).isEmpty)
    }

    @Test func nearExpiryAnOutageSaysTryLaterAndKeepsTheRefreshToken() async throws {
        let (auth, tenant, time) = try await Self.signedIn(refreshes: [Self.outages[0].1])
        time.advance(3500)   // 100 s before expiry: the cached token is not served any more
        do {
            _ = try await auth.acquireTokenSilent()
            Issue.record("an outage near expiry must be reported")
        } catch let error as AuthError {
            guard case .serviceUnavailable(let details, let retryAfter) = error else { Issue.record("got \(error)"); return }
            #expect(details.status == 503 && retryAfter == 30)
            #expect(!error.needsInteraction, "not a reason to sign in again")
            #expect(error.errorDescription == "The sign-in service is unavailable (HTTP 503). You are still signed in; try again in 30 s.")
        }
        // The refresh token stayed: once the service is back, the same token refreshes.
        #expect(try await auth.acquireTokenSilent().accessToken == "at-2")
        #expect(Self.refreshTokensSent(tenant) == ["rt-1", "rt-1"])
    }
}
