@testable import ConsoleCommandLine
@testable import ConsoleCommands
import EmulatorServer
import Foundation
import Synchronization
import TenantEmulator
import Testing
import TophhieCloudAuthentication

/// `--debug` / `TOPHHIE_DEBUG=http`: each exchange on stderr, redacted as the HAR is, stdout unchanged.
@Suite struct HTTPDebugLogTests {
    @Test func theFlagOrTheEnvironmentTurnsItOn() throws {
        let base = ["TOPHHIE_AUTHORITY": "https://contoso.ciamlogin.com/5f1c9a42", "TOPHHIE_CLIENT_ID": "c"]
        func debug(_ line: [String], _ environment: [String: String] = [:]) throws -> Bool {
            switch try InvocationParser(environment: base.merging(environment) { $1 }).parse(line) {
            case .account(_, let options): options.debugHTTP
            case .run(let options): options.debugHTTP
            case .doctor(let options): options.debugHTTP
            default: false
            }
        }
        #expect(try !debug(["token"]))
        #expect(try debug(["token", "--debug"]))
        #expect(try debug(["history", "--user", "u"], ["TOPHHIE_DEBUG": "http"]))
        #expect(try debug(["run", "a.json"], ["TOPHHIE_DEBUG": "other,http"]))
        #expect(try debug(["doctor", "--debug"]))
        #expect(try !debug(["doctor"], ["TOPHHIE_DEBUG": "1"]))
    }

    @Test func theRefreshExchangeIsPrintedWithoutItsSecrets() async throws {
        var policy = try TenantPreset.load("email-password")
        policy.tokens.accessTokenSeconds = 60  // under the 5-minute margin: `token` refreshes
        let tenant = try await OperatorOnEmulator(policy: policy, scopes: ["User.Read"])
        let cached = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tenant.cache))) as? [String: Any])
        let refreshTokens = try #require(cached["RefreshToken"] as? [String: [String: Any]])
        let refreshToken = try #require(refreshTokens.values.first?["secret"] as? String)

        var options = tenant.options
        options.debugHTTP = true
        let debug = Mutex("")
        final class Lines: @unchecked Sendable { var output = ""; var errors = "" }
        let lines = Lines()
        let status = await AccountCommandRunner.run(.token, options, output: { lines.output += $0 + "\n" },
                                                    errors: { lines.errors += $0 + "\n" },
                                                    debugOutput: { text in debug.withLock { $0 += text + "\n" } })
        let stderr = debug.withLock { $0 } + lines.errors
        #expect(status == 0, "\(stderr)")
        #expect(stderr.contains("debug: POST \(tenant.server.authority.absoluteString)/oauth2/v2.0/token"), "\(stderr)")
        #expect(stderr.contains("debug: refresh_token=<redacted>"), "\(stderr)")
        #expect(stderr.contains("debug: HTTP 200"), "\(stderr)")
        let accessToken = lines.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(accessToken.count > 20)
        #expect(!stderr.contains(refreshToken))
        #expect(!stderr.contains(accessToken))
        #expect(!lines.output.contains("debug:"))
    }
}
