import Foundation
import Synchronization
import Testing
import TenantEmulator
import TophhieCloudAuthentication

/// The framework's Graph calls against the emulator's Graph subset over loopback HTTP, on the emulator's
/// virtual clock: `$select` semantics, the PATCH rules (field case 021, docs/field-cases.md), 401 refresh-and-retry, the 403 kinds,
/// paging with a next link and 429 (field case 022). Source: docs/protocol.md §I5–§I6.
@Suite(.serialized) struct GraphOnEmulatorTests {
    struct Rig {
        let tenant: InteropTenant
        let auth: TophhieAuth
        let waits = Waits()

        final class Waits: Sendable {
            private let seconds = Mutex<[Double]>([])
            func record(_ value: Double) { seconds.withLock { $0.append(value) } }
            var all: [Double] { seconds.withLock { $0 } }
        }

        /// - Parameter frameworkOffset: seconds the framework's clock is ahead of the tenant's (negative: behind).
        init(adjust: (inout TenantPolicy) -> Void = { _ in }, frameworkClock: (@Sendable () -> Date)? = nil,
             frameworkOffset: TimeInterval = 0) throws {
            tenant = try InteropTenant(tls: false, adjust: adjust)
            let clock = tenant.server.emulator.clock
            let waits = self.waits
            auth = TophhieAuth(sleeper: { seconds in waits.record(seconds); clock.advance(by: seconds) },
                               clock: frameworkClock ?? { clock.now.addingTimeInterval(frameworkOffset) })
            try auth.configure(clientId: tenant.clientID, authority: tenant.authority, tokenCachePath: tenant.folder + "/cache.json",
                               graphEndpoint: URL(string: tenant.server.origin + "/v1.0"))
        }

        /// Device-code sign-in as `username`, with `scopes`.
        @discardableResult
        func signIn(_ username: String = InteropTenant.username, scopes: [String] = ["User.Read"]) async throws -> TophhieAuthResult {
            let step = try await auth.startDeviceCodeSignIn(scopes: scopes)
            #expect(tenant.approve(userCode: step.userCode, as: username) == 200)
            return try await step.waitForSignIn()
        }
    }

    @Test func aTenantThatAllowsLessRefusesTheRestWithA403() async throws {
        let rig = try Rig(adjust: { $0.graph.customerWritable = ["displayName", "city"] })
        defer { rig.tenant.stop() }
        try await rig.signIn()
        try await rig.auth.updateProfile([.city: "Porto"])
        do {
            try await rig.auth.updateProfile([.jobTitle: "Chief Tester"])
            Issue.record("jobTitle is not writable in this tenant")
        } catch let error as GraphError {
            guard case .missingPermission(let details) = error else { Issue.record("got \(error)"); return }
            #expect(details.code == "Authorization_RequestDenied")
        }
    }

    @Test func theProfileIsReadWithSelectAndEditedWithinTheCustomerSet() async throws {
        let rig = try Rig()
        defer { rig.tenant.stop() }
        try await rig.signIn()
        let profile = try await rig.auth.profile()
        #expect(profile[.displayName] == .set("Jane Doe"))
        #expect(profile[.streetAddress] == .notSet, "a selected property without a value is not set")
        #expect(profile[.userPrincipalName].value?.hasSuffix(".onmicrosoft.com") == true)

        try await rig.auth.updateProfile([.city: "Lisbon", .jobTitle: nil])
        let edited = try await rig.auth.profile()
        #expect(edited[.city] == .set("Lisbon"))
        #expect(edited[.jobTitle] == .notSet)

        await #expect(throws: GraphError.notSelfWritable([.mail])) { try await rig.auth.updateProfile([.mail: "x@example.com"]) }
        do {
            try await rig.auth.updateProfile([.displayName: nil])
            Issue.record("displayName cannot be cleared")
        } catch let error as GraphError {
            guard case .badRequest(let details) = error else { Issue.record("got \(error)"); return }
            #expect(details.code == "Request_BadRequest")
        }
    }

    @Test func anAccessTokenTheGraphFindsExpiredIsRefreshedOnceAndRetried() async throws {
        // The framework's clock lags the tenant's: it believes its token fresh, Graph does not.
        let rig = try Rig(frameworkClock: { Date() })
        defer { rig.tenant.stop() }
        let first = try await rig.signIn()
        let clock = rig.tenant.server.emulator.clock
        clock.advance(by: 2 * 3600)
        // Field case 042: Graph judges the token by its own clock, and says what that clock reads.
        let refused = rig.tenant.server.emulator.handle(EmulatorRequest(method: "GET", path: "/v1.0/me",
                                                                        headers: ["authorization": "Bearer \(first.accessToken)"]))
        #expect(refused.status == 401)
        let date = try #require(refused.headers["Date"].flatMap(HTTPDateParser.date))
        #expect(abs(date.timeIntervalSince(clock.now)) < 2, "Date is the emulator's virtual clock")
        let profile = try await rig.auth.profile()
        #expect(profile[.displayName] == .set("Jane Doe"))
    }

    /// Issue #37: a fault queued as the emulator panel (F5) queues it, for the next native-auth request, lands on the
    /// refresh a profile read needs. The read waits out the `Retry-After` once, as native auth does, and succeeds.
    @Test(arguments: ["http429", "http503"])
    func aThrottledRefreshForAGraphReadWaitsItsRetryAfterAndSucceeds(_ kind: String) async throws {
        let rig = try Rig()
        defer { rig.tenant.stop() }
        let first = try await rig.signIn()
        let clock = rig.tenant.server.emulator.clock
        clock.advance(by: first.expiresOn.timeIntervalSince(clock.now) + 60)   // the access token has expired: a refresh is due
        let waitsBefore = rig.waits.all.count
        #expect(rig.tenant.fault(#"{"endpoint":"*","kind":"\#(kind)","seconds":2}"#) == 200)
        let profile = try await rig.auth.profile()
        #expect(profile[.displayName] == .set("Jane Doe"))
        #expect(Array(rig.waits.all.dropFirst(waitsBefore)) == [2], "one wait of the Retry-After, then the refresh again")
    }

    /// Field case 042: a cache whose access token was written by a clock two hours ahead (`cached_at` = now + 2 h,
    /// `expires_on` = `cached_at` + 1 h), read by a framework whose clock is 2 h behind, right, or 2 h ahead of the
    /// tenant's. The token is refreshed once, never served; the new one's expiry is this side's clock plus
    /// `expires_in` (not the JWT's `exp`, minted on the tenant's clock), so it is served from then on: Graph takes it,
    /// and five minutes on the profile (virtual time) ask the token endpoint nothing more.
    @Test(arguments: [-7200.0, 0, 7200])
    func aTokenCachedInTheFutureIsRefreshedOnceAndNeverServed(_ offset: TimeInterval) async throws {
        let rig = try Rig(frameworkOffset: offset)
        defer { rig.tenant.stop() }
        let first = try await rig.signIn()
        let cache = rig.tenant.folder + "/cache.json"
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cache))) as? [String: Any])
        var access = try #require(document["AccessToken"] as? [String: [String: Any]])
        let key = try #require(access.keys.first)
        let local = Int(Date().timeIntervalSince1970 + offset)
        access[key]?["cached_at"] = "\(local + 7200)"
        access[key]?["expires_on"] = "\(local + 10800)"
        document["AccessToken"] = access
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: cache))

        let tokenRequests = Mutex(0)
        rig.auth.observe { exchange in if exchange.url.path.hasSuffix("/oauth2/v2.0/token") { tokenRequests.withLock { $0 += 1 } } }
        let clock = rig.tenant.server.emulator.clock
        let served = try await rig.auth.acquireTokenSilent()
        #expect(served.accessToken != first.accessToken, "the token cached in the future is not served")
        #expect(tokenRequests.withLock { $0 } == 1)
        let lifetime = TimeInterval(rig.tenant.server.emulator.policy.tokens.accessTokenSeconds)
        #expect(abs(served.expiresOn.timeIntervalSince(clock.now.addingTimeInterval(offset + lifetime))) < 5,
                "expiry is this side's clock plus expires_in")
        #expect(try await rig.auth.acquireTokenSilent().accessToken == served.accessToken, "from now on the cached one")
        #expect(try await rig.auth.profile()[.displayName] == .set("Jane Doe"))
        for _ in 0..<5 {
            clock.advance(by: 60)
            _ = try await rig.auth.profile()
        }
        #expect(tokenRequests.withLock { $0 } == 1, "one refresh in all: no loop")
    }

    @Test func anOperatorReadsAUsersSignInsIncludingFailuresPageByPage() async throws {
        let rig = try Rig()
        defer { rig.tenant.stop() }
        try await rig.signIn()
        // A wrong password through the native stack: the log keeps failures too.
        let native = TophhieNativeAuth()
        try native.configure(clientId: rig.tenant.clientID, authority: rig.tenant.authority)
        _ = try? await native.signIn(email: InteropTenant.username, password: "not-her-password")
        let customer = try #require(rig.auth.currentAccount)
        do {
            _ = try await rig.auth.signInHistory(for: .userPrincipalName(InteropTenant.username))
            Issue.record("a customer must not read sign-in logs")
        } catch let error as GraphError {
            guard case .missingPermission = error else { Issue.record("got \(error)"); return }
        }

        try await rig.signIn(InteropTenant.operatorName, scopes: ["AuditLog.Read.All"])
        let jane = try #require(customer.objectID)
        let first = try await rig.auth.signInHistory(for: .id(jane), top: 1)
        #expect(first.rows.count == 1)
        let link = try #require(first.nextLink)
        let second = try await rig.auth.nextSignInPage(after: first)
        let rows = first.rows + second.rows
        #expect(rows.contains { $0.errorCode == 50_126 }, "the wrong password is in the log: \(rows.map(\.errorCode))")
        #expect(rows.contains { $0.succeeded })
        #expect(rows.map(\.createdDateTime) == rows.map(\.createdDateTime).sorted(by: >), "newest first")
        #expect(link.absoluteString.contains("$skiptoken="))
        // Field case 033: the skip token is standard base64 escaped in lower case; the second page came, so the
        // link went out byte for byte (a `+` read back as a space gets 400 "Invalid Skip Token").
        #expect(link.absoluteString.contains("%2b") && link.absoluteString.contains("%2f") && link.absoluteString.hasSuffix("%3d%3d"))
    }

    @Test func aThrottledPageWaitsItsRetryAfterOnTheVirtualClock() async throws {
        let rig = try Rig()
        defer { rig.tenant.stop() }
        try await rig.signIn(InteropTenant.operatorName, scopes: ["AuditLog.Read.All"])
        #expect(rig.tenant.fault(#"{"endpoint":"/v1.0/auditLogs/signIns","kind":"http429","seconds":7}"#) == 200)
        let told = Mutex<[Int]>([])
        let operatorID = try #require(rig.auth.currentAccount?.objectID)
        let page = try await rig.auth.signInHistory(for: .id(operatorID)) { seconds in
            told.withLock { $0.append(seconds) }
        }
        #expect(told.withLock { $0 } == [7])
        #expect(rig.waits.all.contains(7))
        #expect(!page.rows.isEmpty)
    }

    @Test func aThrottledPageWithoutRetryAfterBacksOffOnItsOwn() async throws {
        let rig = try Rig()
        defer { rig.tenant.stop() }
        try await rig.signIn(InteropTenant.operatorName, scopes: ["AuditLog.Read.All"])
        #expect(rig.tenant.fault(#"{"endpoint":"/v1.0/auditLogs/signIns","kind":"http429","count":2,"retryAfter":false}"#) == 200)
        let told = Mutex<[Int]>([])
        let operatorID = try #require(rig.auth.currentAccount?.objectID)
        let page = try await rig.auth.signInHistory(for: .id(operatorID)) { seconds in told.withLock { $0.append(seconds) } }
        #expect(told.withLock { $0 } == [2, 4])
        #expect(!page.rows.isEmpty)
    }

    @Test func aTenantWithoutPremiumSaysSoAtOnce() async throws {
        let rig = try Rig(adjust: { $0.graph.premium = false })
        defer { rig.tenant.stop() }
        try await rig.signIn(InteropTenant.operatorName, scopes: ["AuditLog.Read.All"])
        do {
            _ = try await rig.auth.signInHistory(for: .userPrincipalName(InteropTenant.username))
            Issue.record("no premium: no logs")
        } catch let error as GraphError {
            guard case .notPremium(let details) = error else { Issue.record("got \(error)"); return }
            #expect(details.code == "Authentication_RequestFromNonPremiumTenantOrB2CTenant")
        }
    }
}
