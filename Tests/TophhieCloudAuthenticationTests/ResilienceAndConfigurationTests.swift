import Foundation
import TestSupport
import Testing
import TophhieCloudAuthentication

/// Retries, throttling, network failures, and what `configure` refuses.
@Suite struct ResilienceAndConfigurationTests {
    static let initiate = Kit.start()

    @Test func oneRetryHalfASecondAfterA5xx() async throws {
        let server = ScriptedTransport([
            Step(.signInInitiate, form: Self.initiate, response: HTTPResponse(status: 502, body: Data("<html>".utf8))),
            Step(.signInInitiate, form: Self.initiate, response: HTTPResponse(status: 503)),
        ])
        let sleeps = SleepLog()
        await #expect(throws: NativeAuthError.server(ServerDetails(status: 503))) {
            _ = try await Kit.auth(server, sleeps: sleeps).signIn(email: Kit.email)
        }
        #expect(sleeps.all == [0.5])
        #expect(server.requests.count == 2)
    }

    /// A 5xx is the server's own trouble, not a refusal of what the user entered.
    @Test func serverTroubleAndRefusalReadDifferently() {
        #expect(NativeAuthError.server(ServerDetails(status: 503)).errorDescription
            == "The server had a problem and could not answer. Try again in a moment.")
        #expect(NativeAuthError.server(ServerDetails(error: "invalid_request", status: 400)).errorDescription
            == "The server refused the request.")
    }

    @Test func aLostConnectionIsRetriedOnce() async throws {
        let server = ScriptedTransport([
            Step(.signInInitiate, form: Self.initiate, response: Kit.error("user_not_found", code: 50034)),
        ])
        server.failNext(with: .connectionLost("reset by peer"))
        await #expect(throws: NativeAuthError.userNotFound(details("user_not_found", nil, 50034))) {
            _ = try await Kit.auth(server).signIn(email: Kit.email)
        }
        #expect(server.requests.count == 2)
    }

    @Test func anUnreachableServerIsANetworkFailure() async throws {
        let server = ScriptedTransport()
        server.failNext(with: .unreachable("refused"))
        await #expect(throws: NativeAuthError.networkFailure("The server contoso.ciamlogin.com could not be reached.")) {
            _ = try await Kit.auth(server).signIn(email: Kit.email)
        }
    }

    @Test func throttlingWaitsForAShortRetryAfterAndReportsALongOne() async throws {
        let server = ScriptedTransport([
            Step(.signInInitiate, form: Self.initiate, response: HTTPResponse(status: 429, headers: ["Retry-After": "3"])),
            Step(.signInInitiate, form: Self.initiate, response: HTTPResponse(status: 429, headers: ["Retry-After": "120"])),
        ])
        let sleeps = SleepLog()
        await #expect(throws: NativeAuthError.throttled(retryAfter: 120, ServerDetails(status: 429))) {
            _ = try await Kit.auth(server, sleeps: sleeps).signIn(email: Kit.email)
        }
        #expect(sleeps.all == [3])
    }

    /// An HTTP-date `Retry-After` counts as the seconds left until it, as Graph reads it. The client's clock
    /// is the real one: 8 s ahead is waited out once (what is left of them), an hour ahead ends the call.
    @Test func throttlingReadsAnHTTPDateRetryAfter() async throws {
        func httpDate(_ seconds: TimeInterval) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            return formatter.string(from: Date().addingTimeInterval(seconds))
        }
        let server = ScriptedTransport([
            Step(.signInInitiate, form: Self.initiate, response: HTTPResponse(status: 429, headers: ["Retry-After": httpDate(8)])),
            Step(.signInInitiate, form: Self.initiate, response: HTTPResponse(status: 429, headers: ["Retry-After": httpDate(3600)])),
        ])
        let sleeps = SleepLog()
        do {
            _ = try await Kit.auth(server, sleeps: sleeps).signIn(email: Kit.email)
            Issue.record("an hour's Retry-After must end the call")
        } catch NativeAuthError.throttled(let retryAfter, let details) {
            #expect(details.status == 429)
            #expect((3500...3600).contains(retryAfter ?? -1), "\(String(describing: retryAfter))")
        }
        #expect(sleeps.all.count == 1 && sleeps.all.allSatisfy { (0...8).contains($0) }, "\(sleeps.all)")
    }

    @Test func plainHTTPIsRefusedUnlessLoopback() throws {
        let auth = TophhieNativeAuth(transport: ScriptedTransport())
        #expect(throws: NativeAuthError.self) {
            try auth.configure(clientId: "c", authority: URL(string: "http://contoso.ciamlogin.com/tenant"))
        }
        for loopback in ["http://127.0.0.1:8080/tenant", "http://localhost/tenant", "http://[::1]:9/t"] {
            try auth.configure(clientId: "c", authority: URL(string: loopback))
            #expect(auth.currentConfiguration?.authority.absoluteString == loopback)
        }
        #expect(throws: NativeAuthError.invalidConfiguration("The client id is empty.")) {
            try auth.configure(clientId: " ", authority: Kit.authority)
        }
    }

    /// An authority with a tenant path keeps it, with or without a trailing slash (the host-only shape
    /// is completed: `AuthorityTests`).
    @Test func authorityShapesWithATenantPathAreKept() async throws {
        for authority in ["https://contoso.ciamlogin.com/5f1c9a42-7b3e-4d28-9c61-0e8b2f4d7a13/", "https://contoso.ciamlogin.com/5f1c9a42-7b3e-4d28-9c61-0e8b2f4d7a13",
                          "https://contoso.ciamlogin.com/contoso.onmicrosoft.com", "https://login.contoso.com/5f1c9a42-7b3e-4d28-9c61-0e8b2f4d7a13"] {
            let server = ScriptedTransport([Step(.signInInitiate, form: Self.initiate, response: Kit.error("user_not_found", code: 50034))])
            let auth = TophhieNativeAuth(transport: server, sleeper: { _ in })
            try auth.configure(clientId: Kit.clientID, authority: URL(string: authority), capabilities: [.mfaRequired, .registrationRequired])
            _ = try? await auth.signIn(email: Kit.email)
            let expected = (authority.hasSuffix("/") ? String(authority.dropLast()) : authority) + "/oauth2/v2.0/initiate"
            #expect(server.requests.first?.url.absoluteString == expected)
        }
    }

    @Test func unconfiguredInstancesSaySo() async {
        await #expect(throws: NativeAuthError.self) { _ = try await TophhieNativeAuth(transport: ScriptedTransport()).signIn(email: "a@b.c") }
    }
}
