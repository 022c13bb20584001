@testable import ConsoleCommandLine
@testable import ConsoleCommands
import EmulatorServer
import TenantEmulator
import Foundation
import TestSupport
import Testing
import TophhieCloudAuthentication

/// `tophhie token|accounts|sign-out` on a cache file, without a tenant: what scripts read.
@Suite struct AccountCommandTests {
    static func options(_ cache: String) throws -> AccountCommandOptions {
        let target = TenantTarget(authority: try #require(URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")),
                                  clientID: "4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b", capabilities: [], challengeTypes: [])
        return AccountCommandOptions(target: target, tokenCachePath: cache)
    }

    static func run(_ command: AccountCommand, _ options: AccountCommandOptions, auth: TophhieAuth = TophhieAuth()) async
        -> (status: Int32, output: String, errors: String) {
        final class Lines: @unchecked Sendable { var output = ""; var errors = "" }
        let lines = Lines()
        let status = await AccountCommandRunner.run(command, options, auth: auth, output: { lines.output += $0 + "\n" },
                                                    errors: { lines.errors += $0 + "\n" })
        return (status, lines.output, lines.errors)
    }

    @Test func anUnknownAccountIsNamedNotCalledSignedOut() async throws {
        var options = try Self.options(NSTemporaryDirectory() + "tophhie-\(UUID().uuidString).json")
        options.account = "bob@example.com"
        let token = await Self.run(.token, options)
        #expect(token.status == 1)
        #expect(token.errors.contains("no cached account is named bob@example.com"), "\(token.errors)")
        #expect(token.output.isEmpty)
    }

    @Test func withoutAnAccountTokenSaysASignInIsNeededAndPrintsNothing() async throws {
        let token = await Self.run(.token, try Self.options(NSTemporaryDirectory() + "tophhie-\(UUID().uuidString).json"))
        // 4, not 1: a sign-in is needed (issue 28's exit-code table).
        #expect(token.status == 4)
        #expect(token.output.isEmpty)
        #expect(token.errors.contains("No account is signed in"))
        let accounts = await Self.run(.accounts, try Self.options(NSTemporaryDirectory() + "tophhie-\(UUID().uuidString).json"))
        #expect(accounts.status == 0 && accounts.output.contains("No accounts are cached"))
        // Signing out when nobody is signed in is done already (0), and says so.
        let signOut = await Self.run(.signOut, try Self.options(NSTemporaryDirectory() + "tophhie-\(UUID().uuidString).json"))
        #expect(signOut.status == 0 && signOut.output.contains("No account is signed in; nothing to sign out."), "\(signOut)")
    }

    @Test func aWorldReadableCacheIsMadePrivateAndSaid() async throws {
        let cache = NSTemporaryDirectory() + "tophhie-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        try Data("{}".utf8).write(to: URL(fileURLWithPath: cache))
        chmod(cache, 0o644)
        let accounts = await Self.run(.accounts, try Self.options(cache))
        #expect(accounts.errors.contains("was readable by others (mode 644); it is now 0600"), "\(accounts.errors)")
        #expect(try FileManager.default.attributesOfItem(atPath: cache)[.posixPermissions] as? Int == 0o600)
    }

    /// A command that only reads the cache meets a damaged file as the console does: moved aside and said, never listed
    /// as an empty cache in silence (field case 019); `token` then needs a sign-in (4), `accounts` lists none (0).
    @Test(arguments: [(AccountCommand.token, Int32(4)), (.accounts, 0)])
    func aDamagedCacheIsMovedAsideAndSaid(command: AccountCommand, status: Int32) async throws {
        let folder = NSTemporaryDirectory() + "tophhie-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("{\"Account\": {".utf8).write(to: URL(fileURLWithPath: folder + "/cache.json"))
        let run = await Self.run(command, try Self.options(folder + "/cache.json"))
        #expect(run.status == status, "\(run.errors)")
        #expect(run.errors.contains("was damaged") && run.errors.contains("cache.json.corrupt-"), "\(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).contains { $0.hasPrefix("cache.json.corrupt-") })
        #expect(!FileManager.default.fileExists(atPath: folder + "/cache.json"))
    }

    @Test func aSymlinkedCacheIsWrittenWhereItPoints() throws {
        let folder = NSTemporaryDirectory() + "tophhie-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.json", withDestinationPath: folder + "/real.json")
        _ = try TokenCacheFile(path: folder + "/link.json").update { cache in
            try cache.store(TokenGrant(accessToken: "at", clientInfo: "eyJ1aWQiOiJ1IiwidXRpZCI6InQifQ", scope: "User.Read",
                                                   expiresIn: 3600),
                            clientID: "c", environment: "contoso.ciamlogin.com", realm: "t", requestedScopes: [], accountSource: nil, now: Date())
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.json") == folder + "/real.json")
        #expect(FileManager.default.fileExists(atPath: folder + "/real.json"))
    }

    @Test func aBrowserThatFailsAtOnceIsNotReportedAsOpened() async throws {
        let url = try #require(URL(string: "https://example.com/"))
        #expect(await !BrowserLauncher.open(url, environment: ["BROWSER": "/bin/false"]))
        #expect(await BrowserLauncher.open(url, environment: ["BROWSER": "/bin/true"]))
        #expect(await !BrowserLauncher.open(url, environment: [:]), "no $BROWSER and no display: nothing to open")
    }
}

/// `tophhie history` against the emulator's Graph: an operator's cached account reads a user's sign-ins.
@Suite(.serialized) struct HistoryCommandTests {
    @Test func anOperatorsCachedAccountPrintsTheSignInsAsJSON() async throws {
        let tenant = try await OperatorOnEmulator(scopes: ["AuditLog.Read.All"])
        var options = tenant.options
        options.scopes = ["AuditLog.Read.All"]
        let operatorID: String = try #require(tenant.signedIn.account.objectID)
        options.historyUser = operatorID
        options.graph = URL(string: tenant.server.origin + "/v1.0")
        options.json = true
        let run = await AccountCommandTests.run(.history, options)
        #expect(run.status == 0, "\(run.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let rows = try #require(object["value"] as? [[String: Any]])
        #expect(rows.contains { $0["errorCode"] as? Int == 0 }, "\(run.output)")

        options.historyUser = "jane.doe@contoso.com"
        options.account = "nobody@contoso.com"
        let unknown = await AccountCommandTests.run(.history, options)
        #expect(unknown.status == 1 && unknown.errors.contains("no cached account is named nobody@contoso.com"))

        // A user that cannot exist is said (1, as an unknown account is), and an empty list is never silent.
        options.account = nil
        options.historyUser = "nope"
        let noSuchUser = await AccountCommandTests.run(.history, options)
        #expect(noSuchUser.status == 1 && noSuchUser.errors.contains("nope is neither an object id (a GUID) nor a user principal name"), "\(noSuchUser)")
        options.historyUser = "0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6"
        let none = await AccountCommandTests.run(.history, options)
        #expect(none.status == 0 && none.errors.contains("no sign-ins for the object id 0d1e2f3a-"), "\(none)")
    }
}

/// Exit 4 tells a script "send the user to sign in" apart from 1 "failed": `token` and `history` alike.
@Suite struct SignInNeededExitTests {
    @Test func noAccountOrAnExpiredRefreshTokenExitsFour() async throws {
        var policy = try TenantPreset.load("email-password")
        // An access token shorter than the 5-minute margin: every `token` goes to the refresh token.
        policy.tokens.accessTokenSeconds = 60
        let server = try EmulatorServer.start(policy: policy, hasher: PasswordHasher(iterations: 1_000), signingKey: TestSigningKey.shared)
        defer { server.stop() }
        let cache = NSTemporaryDirectory() + "tophhie-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let clientID = try #require(server.emulator.policy.clients.first?.clientID)
        var options = AccountCommandOptions(target: TenantTarget(authority: server.authority, clientID: clientID, capabilities: [],
                                                                 challengeTypes: []), tokenCachePath: cache)
        options.graph = URL(string: server.origin + "/v1.0")
        options.historyUser = "jane.doe@contoso.com"

        let before = await AccountCommandTests.run(.token, options)
        #expect(before.status == 4, "\(before.errors)")
        #expect(before.output.isEmpty)
        // `history` with nobody signed in says what to do, as `token` does.
        let noOperator = await AccountCommandTests.run(.history, options)
        #expect(noOperator.status == 4 && noOperator.errors.contains("Run `tophhie console` and sign in."), "\(noOperator.errors)")

        let auth = TophhieAuth()
        try auth.configure(clientId: clientID, authority: server.authority, tokenCachePath: cache)
        let step = try await auth.startDeviceCodeSignIn(scopes: ["AuditLog.Read.All"])
        let approve = server.emulator.handle(EmulatorRequest(method: "POST", path: "/emulator/v1/devicecodes/\(step.userCode)/approve",
                                                             body: Data(#"{"username":"ops@contoso.com"}"#.utf8)))
        #expect(approve.status == 200)
        _ = try await step.waitForSignIn()
        let fresh = await AccountCommandTests.run(.token, options)
        #expect(fresh.status == 0, "\(fresh.errors)")

        server.emulator.clock.advance(by: TimeInterval(policy.tokens.refreshTokenSeconds + 60))
        let expired = await AccountCommandTests.run(.token, options)
        #expect(expired.status == 4, "\(expired.errors)")
        #expect(expired.errors.contains("tophhie console"), "\(expired.errors)")
        #expect(expired.output.isEmpty)
        let history = await AccountCommandTests.run(.history, options)
        #expect(history.status == 4, "\(history.errors)")
    }
}
