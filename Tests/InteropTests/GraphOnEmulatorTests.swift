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

        init(adjust: (inout TenantPolicy) -> Void = { _ in }, frameworkClock: (@Sendable () -> Date)? = nil) throws {
            tenant = try InteropTenant(tls: false, adjust: adjust)
            let clock = tenant.server.emulator.clock
            let waits = self.waits
            auth = TophhieAuth(sleeper: { seconds in waits.record(seconds); clock.advance(by: seconds) },
                               clock: frameworkClock ?? { clock.now })
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
        try await rig.signIn()
        rig.tenant.server.emulator.clock.advance(by: 2 * 3600)
        let profile = try await rig.auth.profile()
        #expect(profile[.displayName] == .set("Jane Doe"))
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
