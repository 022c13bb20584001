import EmulatorServer
import Foundation
import TenantEmulator
import TestSupport
import Testing
import TophhieCloudAuthentication

/// The `tophhie` binary under libfaketime, its clock 2 h ahead of and behind a real-time emulator that runs in this
/// test's own process (field case 042). A token cached "in the future" is refreshed once, never printed; every
/// refreshed token is then served from the cache under the same clock (no refresh loop) and Graph takes it.
@Suite(.serialized) struct ClockSkewProcessTests {
    static let faketime = "/usr/bin/faketime"
    static let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("tophhie").path

    struct Run {
        let status: Int32
        /// The printed access token (the one line that is not `--debug` output).
        let token: String
        /// Refresh grants sent, counted from `--debug`'s exchange lines.
        let tokenRequests: Int
        let output: String
    }

    /// `[faketime -f OFFSET] tophhie token --debug …` to its end.
    static func token(_ offset: String?, server: EmulatorServer, clientID: String, cache: String, folder: String) async -> Run {
        let output = folder + "/token.out"
        let command = (offset.map { [faketime, "-f", $0] } ?? []) + [binary, "token", "--debug", "--authority", server.authority.absoluteString,
                                                                     "--client-id", clientID, "--token-cache", cache]
        let status = await ChildProcess.runToEnd(command, outputPath: output, truncate: true)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n").map(String.init)
        let token = lines.last { $0.split(separator: ".").count == 3 && !$0.contains(" ") } ?? ""
        let requests = lines.filter { $0.hasPrefix("debug: ") && $0.contains("POST") && $0.contains("/oauth2/v2.0/token") }.count
        return Run(status: status, token: token, tokenRequests: requests, output: text)
    }

    @Test func aClockTwoHoursOffRefreshesOnceThenServesTheCachedToken() async throws {
        try MissingTool.require(Self.faketime)
        try MissingTool.require(Self.binary)
        let server = try EmulatorServer.start(policy: try TenantPreset.load("email-password"), hasher: PasswordHasher(iterations: 1_000),
                                              signingKey: TestSigningKey.shared)
        defer { server.stop() }
        let folder = NSTemporaryDirectory() + "tophhie-skew-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = folder + "/cache.json"
        let clientID = try #require(server.emulator.policy.clients.first { $0.publicClient }?.clientID)
        let auth = TophhieAuth()
        try auth.configure(clientId: clientID, authority: server.authority, tokenCachePath: cache)
        let step = try await auth.startDeviceCodeSignIn()
        #expect(server.emulator.handle(EmulatorRequest(method: "POST", path: "/emulator/v1/devicecodes/\(step.userCode)/approve",
                                                       body: Data(#"{"username":"jane.doe@contoso.com"}"#.utf8))).status == 200)
        let signedIn = try await step.waitForSignIn()

        // Cached by a clock two hours ahead: cached_at = now + 2 h, expires_on = cached_at + 1 h.
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cache))) as? [String: Any])
        var access = try #require(document["AccessToken"] as? [String: [String: Any]])
        let key = try #require(access.keys.first)
        let now = Int(Date().timeIntervalSince1970)
        access[key]?["cached_at"] = "\(now + 7200)"
        access[key]?["expires_on"] = "\(now + 10800)"
        document["AccessToken"] = access
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: cache))

        func graphTakes(_ token: String) -> Bool {
            server.emulator.handle(EmulatorRequest(method: "GET", path: "/v1.0/me", headers: ["authorization": "Bearer \(token)"])).status == 200
        }
        var previous = signedIn.accessToken
        // The real clock, then 2 h ahead (the real-clock token looks expired), then 2 h behind (the +2 h token was
        // cached in the future): each refreshes once, and the same clock's next run prints the cached token.
        for offset in [nil, "+2h", "-2h"] {
            let first = await Self.token(offset, server: server, clientID: clientID, cache: cache, folder: folder)
            #expect(first.status == 0, "\(offset ?? "real clock"): \(first.output)")
            #expect(first.tokenRequests == 1, "\(offset ?? "real clock"): one refresh\n\(first.output)")
            #expect(!first.token.isEmpty && first.token != previous, "\(offset ?? "real clock"): a new token, not the cached one")
            #expect(graphTakes(first.token), "\(offset ?? "real clock"): Graph takes it")
            let again = await Self.token(offset, server: server, clientID: clientID, cache: cache, folder: folder)
            #expect(again.status == 0 && again.tokenRequests == 0 && again.token == first.token,
                    "\(offset ?? "real clock"): the cached token, no refresh\n\(again.output)")
            previous = first.token
        }
    }
}
