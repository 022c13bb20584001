import EmulatorServer
import Foundation
import Testing
import TenantEmulator
import TophhieCloudAuthentication

/// `TophhieAuth` against the emulator over loopback HTTP, sharing its virtual clock: the device code,
/// silent refresh with rotation enforced by the server, and expiry.
/// Source: docs/protocol.md §I2, §I4.1–§I4.2.
@Suite(.serialized) struct FrameworkOnEmulatorTests {
    struct Rig {
        let tenant: InteropTenant
        let auth: TophhieAuth
        let cache: String

        init() throws {
            tenant = try InteropTenant(tls: false)
            cache = tenant.folder + "/cache.json"
            let clock = tenant.server.emulator.clock
            // The framework's time is the emulator's; a wait advances both.
            auth = TophhieAuth(sleeper: { seconds in clock.advance(by: seconds) }, clock: { clock.now })
            try auth.configure(clientId: tenant.clientID, authority: tenant.authority, tokenCachePath: cache)
        }

        func signIn() async throws -> TophhieAuthResult {
            let step = try await auth.startDeviceCodeSignIn()
            #expect(tenant.approve(userCode: step.userCode) == 200)
            return try await step.waitForSignIn()
        }

        var clock: VirtualClock { tenant.server.emulator.clock }
    }

    @Test func deviceCodeThenCachedThenRotatedRefresh() async throws {
        let rig = try Rig()
        defer { rig.tenant.stop() }
        let first = try await rig.signIn()
        #expect(first.account.username == InteropTenant.username)
        #expect(try await rig.auth.acquireTokenSilent().accessToken == first.accessToken)

        rig.clock.advance(by: 3600 - 200)
        let refreshed = try await rig.auth.acquireTokenSilent()
        #expect(refreshed.accessToken != first.accessToken)
        #expect(refreshed.refreshToken != first.refreshToken)

        // The emulator rotates: the first refresh token is spent, and a client that kept it is refused.
        let stale = TophhieAuth(clock: { rig.clock.now })
        let staleCache = rig.tenant.folder + "/stale.json"
        try FileManager.default.copyItem(atPath: rig.cache, toPath: staleCache)
        var text = try String(contentsOfFile: staleCache, encoding: .utf8)
        text = text.replacingOccurrences(of: refreshed.refreshToken ?? "", with: first.refreshToken ?? "")
        try text.write(toFile: staleCache, atomically: true, encoding: .utf8)
        try stale.configure(clientId: rig.tenant.clientID, authority: rig.tenant.authority, tokenCachePath: staleCache)
        do {
            _ = try await stale.acquireTokenSilent(forceRefresh: true)
            Issue.record("a spent refresh token must be refused")
        } catch let error as AuthError {
            guard case .interactionRequired = error else { Issue.record("got \(error)"); return }
        }
    }

    /// Field case 030: 100 s before expiry the token service answers a gateway's HTML 503 with `Retry-After: 30`:
    /// "try later", not "sign in again"; the refresh token stays and works once the service is back.
    @Test func anOutageNearExpirySaysTryLaterAndTheNextCallRefreshes() async throws {
        let rig = try Rig()
        defer { rig.tenant.stop() }
        let first = try await rig.signIn()
        rig.clock.advance(by: first.expiresOn.timeIntervalSince(rig.clock.now) - 100)
        #expect(rig.tenant.fault(#"{"endpoint": "/oauth2/v2.0/token", "kind": "http503", "seconds": 30}"#) == 200)
        do {
            _ = try await rig.auth.acquireTokenSilent()
            Issue.record("the outage must be reported")
        } catch let error as AuthError {
            guard case .serviceUnavailable(let details, let retryAfter) = error else { Issue.record("got \(error)"); return }
            #expect(details.status == 503 && retryAfter == 30 && !error.needsInteraction)
        }
        #expect(InteropTenant.read(rig.cache).contains(first.refreshToken ?? "-"), "the refresh token stays")
        let refreshed = try await rig.auth.acquireTokenSilent()
        #expect(refreshed.accessToken != first.accessToken && refreshed.refreshDeferral == nil)
    }

    @Test func anExpiredRefreshTokenNeedsASignInAndLeavesTheCache() async throws {
        let rig = try Rig()
        defer { rig.tenant.stop() }
        _ = try await rig.signIn()
        rig.clock.advance(by: 86_400 + 60)
        do {
            _ = try await rig.auth.acquireTokenSilent()
            Issue.record("an expired refresh token must not refresh")
        } catch let error as AuthError {
            guard case .interactionRequired(let details) = error else { Issue.record("got \(error)"); return }
            #expect(details.code == 700_082)
        }
        let cache = try MSALTokenCache(json: Data(contentsOf: URL(fileURLWithPath: rig.cache)))
        let account = try #require(cache.accounts().first)
        #expect(cache.refreshToken(homeAccountID: account.homeAccountID, environment: account.environment,
                                   clientID: rig.tenant.clientID) == nil)
    }

    @Test func theCacheFileIsMSALsShapeWithStringTimestamps() async throws {
        let rig = try Rig()
        defer { rig.tenant.stop() }
        _ = try await rig.signIn()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: rig.cache))) as? [String: Any])
        #expect(Set(object.keys).isSuperset(of: ["AccessToken", "RefreshToken", "IdToken", "Account", "AppMetadata"]))
        let accessToken = try #require((object["AccessToken"] as? [String: [String: Any]])?.values.first)
        #expect(accessToken["expires_on"] is String)
        #expect(accessToken["environment"] as? String == "127.0.0.1")
        #expect(accessToken["realm"] as? String == rig.tenant.server.emulator.tenantID)
        let account = try #require((object["Account"] as? [String: [String: Any]])?.values.first)
        #expect(account["account_source"] as? String == "urn:ietf:params:oauth:grant-type:device_code")
        let mode = try FileManager.default.attributesOfItem(atPath: rig.cache)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
