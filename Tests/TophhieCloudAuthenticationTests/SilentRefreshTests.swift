import Foundation
import Synchronization
import Testing
import TophhieCloudAuthentication

/// Silent acquisition: cached access token while more than 5 minutes are left, else the refresh grant
/// with rotation; each AADSTS family maps to its own `AuthError` (docs/protocol.md §I2.3–§I2.4, field case 005 (docs/field-cases.md)).
@Suite struct SilentRefreshTests {
    /// A tenant that signs river in by device code (rt-1), then answers refreshes from `refreshes`.
    static func signedIn(refreshes: [HTTPResponse]) async throws -> (TophhieAuth, ScriptedTenant, VirtualTime) {
        let queue = Mutex(refreshes)
        let tenant = ScriptedTenant { request in
            if request.method == "GET" { return InteractiveKit.json(200, InteractiveKit.discovery) }
            if request.url.path.hasSuffix("/devicecode") {
                return InteractiveKit.json(200, #"{"device_code":"dc-1","user_code":"ABCD-EFGH","verification_uri":"https://x.example/d","expires_in":900,"interval":5}"#)
            }
            if form(of: request)["grant_type"] == "refresh_token" {
                return queue.withLock { $0.isEmpty ? InteractiveKit.error("invalid_request") : $0.removeFirst() }
            }
            return InteractiveKit.tokens()
        }
        let time = VirtualTime()
        let auth = try InteractiveKit.auth(tenant, time: time)
        _ = try await auth.startDeviceCodeSignIn().waitForSignIn()
        return (auth, tenant, time)
    }

    /// Field case 043: the app's metadata names a family, so the family's refresh token goes first (MSAL's order);
    /// refused, it is followed by the app's own, which rotates. The family token stays as it was: it may still
    /// serve the family's other apps.
    @Test func theFamilyRefreshTokenGoesFirstAndARefusalFallsBackToTheAppsOwn() async throws {
        let tenant = ScriptedTenant { request in
            if request.method == "GET" { return InteractiveKit.json(200, InteractiveKit.discovery) }
            if request.url.path.hasSuffix("/devicecode") {
                return InteractiveKit.json(200, #"{"device_code":"dc-1","user_code":"ABCD-EFGH","verification_uri":"https://x.example/d","expires_in":900,"interval":5}"#)
            }
            switch form(of: request)["refresh_token"] {
            case "rt-family"?: return InteractiveKit.error("invalid_grant", code: 700_016)
            case "rt-1"?: return InteractiveKit.tokens(access: "at-2", refresh: "rt-2")
            default: return InteractiveKit.tokens()
            }
        }
        let time = VirtualTime()
        let cache = NSTemporaryDirectory() + "tophhie-family-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let auth = try InteractiveKit.auth(tenant, time: time, cachePath: cache)
        _ = try await auth.startDeviceCodeSignIn().waitForSignIn()
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cache))) as? [String: Any])
        var refresh = try #require(document["RefreshToken"] as? [String: [String: Any]])
        var family = try #require(refresh.values.first)
        family.merge(["secret": "rt-family", "family_id": "1", "target": "User.Read", "last_modification_time": "1"]) { $1 }
        refresh["family-key"] = family
        document["RefreshToken"] = refresh
        var metadata = try #require(document["AppMetadata"] as? [String: [String: Any]])
        for key in metadata.keys { metadata[key]?["family_id"] = "1" }
        document["AppMetadata"] = metadata
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: cache))

        time.advance(3600)
        #expect(try await auth.acquireTokenSilent().accessToken == "at-2")
        #expect(tenant.forms("/token").filter { $0["grant_type"] == "refresh_token" }.map { $0["refresh_token"] } == ["rt-family", "rt-1"])
        let after = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cache))) as? [String: Any])
        let secrets = Set(((after["RefreshToken"] as? [String: [String: Any]]) ?? [:]).values.compactMap { $0["secret"] as? String })
        #expect(secrets == ["rt-family", "rt-2"])
    }

    @Test func aFreshCachedTokenIsServedWithoutARequest() async throws {
        let (auth, tenant, time) = try await Self.signedIn(refreshes: [])
        time.advance(3600 - 301)
        let result = try await auth.acquireTokenSilent()
        #expect(result.accessToken == "at-1")
        #expect(result.idToken == InteractiveKit.idToken())
        #expect(tenant.forms("/token").filter { $0["grant_type"] == "refresh_token" }.isEmpty)
    }

    @Test func lessThanFiveMinutesLeftRefreshesAndTheRotatedTokenIsUsedNext() async throws {
        let (auth, tenant, time) = try await Self.signedIn(refreshes: [InteractiveKit.tokens(access: "at-2", refresh: "rt-2"),
                                                                        InteractiveKit.tokens(access: "at-3", refresh: "rt-3")])
        time.advance(3600 - 299)
        let second = try await auth.acquireTokenSilent()
        #expect(second.accessToken == "at-2")
        time.advance(3600)
        let third = try await auth.acquireTokenSilent()
        #expect(third.accessToken == "at-3")
        let refreshes = tenant.forms("/token").filter { $0["grant_type"] == "refresh_token" }
        #expect(refreshes.map { $0["refresh_token"] } == ["rt-1", "rt-2"])
        #expect(refreshes.first?["client_info"] == "1")
        #expect(refreshes.first?["scope"] == "User.Read openid profile offline_access")
    }

    @Test func forceRefreshSkipsTheCachedToken() async throws {
        let (auth, _, _) = try await Self.signedIn(refreshes: [InteractiveKit.tokens(access: "at-2", refresh: "rt-2")])
        #expect(try await auth.acquireTokenSilent(forceRefresh: true).accessToken == "at-2")
    }

    @Test(arguments: [700_082, 70_008, 50_173, 9_002_313])
    func aDeadRefreshTokenIsRemovedAndInteractionIsRequired(_ code: Int) async throws {
        let (auth, tenant, time) = try await Self.signedIn(refreshes: [InteractiveKit.error("invalid_grant", code: code)])
        time.advance(3600)
        await #expect(throws: AuthError.self) { try await auth.acquireTokenSilent() }
        do {
            _ = try await auth.acquireTokenSilent()
            Issue.record("a dead refresh token must not come back")
        } catch let error as AuthError {
            guard case .interactionRequired = error else { Issue.record("got \(error)"); return }
            #expect(error.needsInteraction)
        }
        // The second call found no refresh token: it sent nothing.
        #expect(tenant.forms("/token").filter { $0["grant_type"] == "refresh_token" }.count == 1)
    }

    @Test(arguments: [50_076, 50_079])
    func mfaNowRequiredKeepsTheRefreshToken(_ code: Int) async throws {
        let (auth, tenant, time) = try await Self.signedIn(refreshes: [InteractiveKit.error("invalid_grant", code: code),
                                                                        InteractiveKit.error("invalid_grant", code: code)])
        time.advance(3600)
        for _ in 0..<2 {
            do {
                _ = try await auth.acquireTokenSilent()
                Issue.record("MFA must be reported")
            } catch let error as AuthError {
                guard case .mfaRequired(let details) = error else { Issue.record("got \(error)"); return }
                #expect(details.code == code)
            }
        }
        #expect(tenant.forms("/token").filter { $0["grant_type"] == "refresh_token" }.count == 2)
    }

    @Test func missingConsentSaysSo() async throws {
        let (auth, _, time) = try await Self.signedIn(refreshes: [InteractiveKit.error("invalid_grant", code: 65_001, suberror: "consent_required")])
        time.advance(3600)
        do {
            _ = try await auth.acquireTokenSilent()
            Issue.record("missing consent must be reported")
        } catch let error as AuthError {
            guard case .consentRequired = error else { Issue.record("got \(error)"); return }
        }
    }

    @Test func signOutForgetsTheAccountAndNamesTheEndSessionEndpoint() async throws {
        let (auth, _, _) = try await Self.signedIn(refreshes: [])
        let url = try await auth.signOut()
        #expect(url?.path == "/\(InteractiveKit.tenantID)/oauth2/v2.0/logout")
        #expect(try auth.accounts.isEmpty)
        #expect(auth.currentAccount == nil)
        await #expect(throws: AuthError.noAccount) { try await auth.acquireTokenSilent() }
    }
}
