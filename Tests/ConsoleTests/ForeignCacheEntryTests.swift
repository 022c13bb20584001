@testable import ConsoleCommandLine
import EmulatorServer
import Foundation
import Synchronization
import TenantEmulator
import TestSupport
import Testing
import TophhieCloudAuthentication

/// `tophhie token` on a cache other MSAL apps wrote into too (field case 043): a proof-of-possession token, a
/// claims-bound Bearer token with fields this client does not know, a family refresh token beside the app's own,
/// and a top-level section of a later schema. Only a Bearer token is served; the refresh asks for Bearer with the
/// family token first (MSAL's order); the file changes only where the refresh must change it.
@Suite struct ForeignCacheEntryTests {
    static let username = "jane.doe@contoso.com"

    /// A device-code sign-in of Jane into `cache`: its answer.
    static func signIn(_ server: EmulatorServer, clientID: String, cache: String) async throws -> TophhieAuthResult {
        let auth = TophhieAuth()
        try auth.configure(clientId: clientID, authority: server.authority, tokenCachePath: cache)
        let step = try await auth.startDeviceCodeSignIn()
        let approve = server.emulator.handle(EmulatorRequest(method: "POST", path: "/emulator/v1/devicecodes/\(step.userCode)/approve",
                                                             body: Data(#"{"username":"\#(username)"}"#.utf8)))
        #expect(approve.status == 200)
        return try await step.waitForSignIn()
    }

    static func object(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    static func section(_ document: [String: Any], _ name: String) -> [String: [String: Any]] {
        (document[name] as? [String: [String: Any]]) ?? [:]
    }

    static func same(_ lhs: Any?, _ rhs: Any?) -> Bool {
        guard let lhs, let rhs else { return lhs == nil && rhs == nil }
        return NSDictionary(dictionary: ["v": lhs]).isEqual(to: ["v": rhs])
    }

    @Test func onlyABearerTokenIsServedAndEveryOtherEntryFieldAndSectionStays() async throws {
        let server = try EmulatorServer.start(policy: try TenantPreset.load("email-password"), hasher: PasswordHasher(iterations: 1_000),
                                              signingKey: TestSigningKey.shared)
        defer { server.stop() }
        let folder = NSTemporaryDirectory() + "tophhie-foreign-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = folder + "/cache.json"
        let clientID = try #require(server.emulator.policy.clients.first { $0.publicClient }?.clientID)
        let own = try await Self.signIn(server, clientID: clientID, cache: cache)
        let family = try #require(try await Self.signIn(server, clientID: clientID, cache: folder + "/other.json").refreshToken)

        // The other apps' entries, as MSAL.NET and MSAL Node write them, beside this app's own.
        var document = try Self.object(cache)
        var access = Self.section(document, "AccessToken")
        let (bearerKey, bearer) = try #require(access.first)
        let home = try #require(bearer["home_account_id"] as? String)
        let environment = try #require(bearer["environment"] as? String)
        let realm = try #require(bearer["realm"] as? String)
        let target = try #require(bearer["target"] as? String)
        let now = Int(Date().timeIntervalSince1970)
        var claimsBound = bearer
        claimsBound.merge(["secret": "bearer-with-claims-secret", "cached_at": "\(now - 7200)", "expires_on": "\(now - 3600)",
                           "ext_expires_on": "\(now - 3600)", "extended_expires_on": "\(now - 3600)", "refresh_on": "\(now - 5400)",
                           "persisted_cache_parameters": ["x-ms-example": "1"],
                           "requested_claims": #"{"access_token":{"xms_cc":{"values":["cp1"]}}}"#]) { $1 }
        access[bearerKey] = nil
        access["\(bearerKey)-9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"] = claimsBound
        access["\(home)-\(environment)-accesstoken_with_authscheme-\(clientID)-\(realm)-\(target)-pop".lowercased()] = [
            "credential_type": "AccessToken_With_AuthScheme", "secret": "pop-secret-never-bearer", "home_account_id": home,
            "environment": environment, "client_id": clientID, "realm": realm, "target": target, "token_type": "pop", "keyid": "kid-1",
            "cached_at": "\(now)", "expires_on": "\(now + 3600)", "extended_expires_on": "\(now + 3600)",
        ]
        document["AccessToken"] = access
        var refresh = Self.section(document, "RefreshToken")
        let familyKey = "\(home)-\(environment)-refreshtoken-\(clientID)--user.read".lowercased()
        refresh[familyKey] = ["credential_type": "RefreshToken", "secret": family, "home_account_id": home, "environment": environment,
                              "client_id": clientID, "target": "User.Read", "family_id": "1", "last_modification_time": "\(now - 60)"]
        document["RefreshToken"] = refresh
        var metadata = Self.section(document, "AppMetadata")
        let metadataKey = try #require(metadata.keys.first)
        metadata[metadataKey]?["family_id"] = "1"
        document["AppMetadata"] = metadata
        document["FutureSection"] = ["x": 1]
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: URL(fileURLWithPath: cache))
        let before = try Self.object(cache)

        let forms = Mutex<[[(key: String, value: String)]]>([])
        let auth = TophhieAuth()
        auth.observe { exchange in if exchange.url.path.hasSuffix("/token") { forms.withLock { $0.append(exchange.requestForm) } } }
        let options = AccountCommandOptions(target: TenantTarget(authority: server.authority, clientID: clientID, capabilities: [],
                                                                 challengeTypes: []), tokenCachePath: cache)
        let run = await AccountCommandTests.run(.token, options, auth: auth)
        #expect(run.status == 0, "\(run.errors)")
        let printed = run.output.trimmingCharacters(in: .newlines)
        #expect(!printed.isEmpty && printed != "pop-secret-never-bearer" && printed != "bearer-with-claims-secret" && printed != own.accessToken)
        let graph = server.emulator.handle(EmulatorRequest(method: "GET", path: "/v1.0/me", headers: ["authorization": "Bearer \(printed)"]))
        #expect(graph.status == 200, "Graph takes the printed token as a Bearer token")
        let sent = forms.withLock { $0 }
        #expect(sent.count == 1, "one refresh")
        #expect(sent.first?.contains { $0.key == "grant_type" && $0.value == "refresh_token" } == true)
        #expect(sent.first?.contains { $0.key == "token_type" } == false, "no token_type: a Bearer token is asked for")

        // Structurally: only the new Bearer entry and the rotated family refresh token differ (and the id token the
        // refresh answer carries, as every MSAL stores it).
        let after = try Self.object(cache)
        #expect(Set(after.keys) == Set(before.keys))
        for name in ["Account", "AppMetadata", "FutureSection"] {
            #expect(Self.same(after[name], before[name]), "\(name) is as it was")
        }
        let accessBefore = Self.section(before, "AccessToken"), accessAfter = Self.section(after, "AccessToken")
        for (key, entry) in accessBefore { #expect(Self.same(accessAfter[key], entry), "access token \(key) is as it was") }
        let added = accessAfter.filter { accessBefore[$0.key] == nil }
        #expect(added.count == 1)
        #expect(added.first?.value["secret"] as? String == printed)
        #expect((added.first?.value["token_type"] as? String)?.lowercased() == "bearer")
        let refreshBefore = Self.section(before, "RefreshToken"), refreshAfter = Self.section(after, "RefreshToken")
        #expect(Set(refreshAfter.keys) == Set(refreshBefore.keys))
        for (key, entry) in refreshBefore where key != familyKey {
            #expect(Self.same(refreshAfter[key], entry), "the app's own refresh token is as it was")
        }
        var rotated = try #require(refreshAfter[familyKey])
        #expect(rotated["secret"] as? String != family, "the family refresh token was the one sent, and rotated")
        #expect(rotated["family_id"] as? String == "1" && rotated["target"] as? String == "User.Read")
        rotated["secret"] = family
        rotated["last_modification_time"] = refreshBefore[familyKey]?["last_modification_time"]
        #expect(Self.same(rotated, refreshBefore[familyKey]), "nothing else of the family token changed")
        let idBefore = Self.section(before, "IdToken"), idAfter = Self.section(after, "IdToken")
        #expect(Set(idAfter.keys) == Set(idBefore.keys))
        for (key, entry) in idBefore {
            var fresh = idAfter[key] ?? [:]
            fresh["secret"] = entry["secret"]
            #expect(Self.same(fresh, entry), "the id token entry keeps every field but its secret")
        }
    }
}
