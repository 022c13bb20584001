@testable import ConsoleCommandLine
import Foundation
import Launcher
import TestSupport
import Testing
import TophhieCloudAuthentication

/// The launcher's `tophhie token` (``CachedTokenShortcut``) against the console's own on the same cache files: where
/// the launcher answers, it prints exactly the token the console prints; where the console would refresh, warn or
/// choose by a rule the launcher does not read, the launcher leaves it to the console.
@Suite struct CachedTokenShortcutTests {
    static let home = "e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968.9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00"
    static let realm = "9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00"
    static let client = "4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b"
    static let authority = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"
    static let cachedAt = 1_767_225_600
    /// Ten minutes after the token was cached: 50 minutes left.
    static let now = Double(cachedAt + 600)

    static func accessToken(_ secret: String, home: String = home, expiresIn: Int = 3600, target: String = "User.Read email openid profile",
                            extra: String = "") -> String {
        #""\#(secret)": {"credential_type": "AccessToken", "secret": "\#(secret)", "home_account_id": "\#(home)", "environment": "contoso.ciamlogin.com", "client_id": "\#(client)", "target": "\#(target)", "realm": "\#(realm)", "token_type": "Bearer", "cached_at": "\#(cachedAt)", "expires_on": "\#(cachedAt + expiresIn)"\#(extra)}"#
    }

    static func account(_ home: String = home, username: String = "river@contoso.com") -> String {
        #""\#(home)-acct": {"home_account_id": "\#(home)", "environment": "contoso.ciamlogin.com", "realm": "\#(realm)", "local_account_id": "x", "username": "\#(username)", "authority_type": "MSSTS"}"#
    }

    static func idToken(_ home: String = home) -> String {
        #""\#(home)-id": {"credential_type": "IdToken", "secret": "id.token.\#(home.prefix(4))", "home_account_id": "\#(home)", "environment": "contoso.ciamlogin.com", "realm": "\#(realm)", "client_id": "\#(client)"}"#
    }

    static func cache(accessTokens: [String], accounts: [String] = [account()], idTokens: [String] = [idToken()]) -> String {
        #"{"AccessToken": {\#(accessTokens.joined(separator: ", "))}, "Account": {\#(accounts.joined(separator: ", "))}, "IdToken": {\#(idTokens.joined(separator: ", "))}, "RefreshToken": {}, "AppMetadata": {}}"#
    }

    /// Both answers for `text` as the cache file (mode `mode`): the launcher's token, and the console's exit code and output.
    static func answers(_ text: String, mode: mode_t = 0o600, authority: String = authority) async throws
        -> (shortcut: String?, status: Int32, output: String) {
        let path = NSTemporaryDirectory() + "tophhie-shortcut-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
        let environment = ["TOPHHIE_AUTHORITY": authority, "TOPHHIE_CLIENT_ID": client, "TOPHHIE_TOKEN_CACHE": path]
        let shortcut = CachedTokenShortcut.token(arguments: ["token"], environment: environment, now: now)
        guard case .account(.token, let options) = try InvocationParser(environment: environment).parse(["token"]) else {
            Issue.record("not a token invocation")
            return (shortcut, -1, "")
        }
        // No tenant answers: a refresh fails, so an exit 0 is a token served from the cache.
        let auth = TophhieAuth(transport: ScriptedTransport(), clock: { Date(timeIntervalSince1970: now) })
        let full = await AccountCommandTests.run(.token, options, auth: auth)
        return (shortcut, full.status, full.output)
    }

    /// The launcher answered, and with the console's token.
    static func expectSame(_ text: String, token: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let answers = try await answers(text)
        #expect(answers.status == 0 && answers.output == token + "\n", "console: \(answers)", sourceLocation: sourceLocation)
        #expect(answers.shortcut == token, sourceLocation: sourceLocation)
    }

    /// The launcher left it to the console.
    static func expectConsole(_ text: String, mode: mode_t = 0o600, authority: String = authority,
                              sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let answers = try await answers(text, mode: mode, authority: authority)
        #expect(answers.shortcut == nil, sourceLocation: sourceLocation)
    }

    @Test func aValidCachedTokenIsPrintedByTheLauncherAsByTheConsole() async throws {
        try await Self.expectSame(Self.cache(accessTokens: [Self.accessToken("at-plain")]), token: "at-plain")
    }

    @Test func theTokenExpiringLastAndTheFirstAccountByUsernameAreChosenAsByTheConsole() async throws {
        let other = "00000000-1111-2222-3333-444444444444.9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00"
        // Two tokens holding User.Read (for other scope sets: the same set twice would be one entry to the console).
        try await Self.expectSame(Self.cache(accessTokens: [Self.accessToken("at-early", expiresIn: 2000, target: "User.Read Mail.Read"),
                                                            Self.accessToken("at-late"),
                                                            Self.accessToken("at-other", home: other, expiresIn: 5000)],
                                             accounts: [Self.account(), Self.account(other, username: "zoe@contoso.com")],
                                             idTokens: [Self.idToken(), Self.idToken(other)]),
                                  token: "at-late")
        try await Self.expectSame(Self.cache(accessTokens: [Self.accessToken("at-river"), Self.accessToken("at-ada", home: other)],
                                             accounts: [Self.account(), Self.account(other, username: "ada@contoso.com")],
                                             idTokens: [Self.idToken(), Self.idToken(other)]),
                                  token: "at-ada")
    }

    @Test func aTokenThatNeedsARefreshGoesToTheConsole() async throws {
        // Less than the 5-minute buffer left (at now + 299 s), and a refresh_on that has passed.
        try await Self.expectConsole(Self.cache(accessTokens: [Self.accessToken("at-short", expiresIn: 600 + 299)]))
        try await Self.expectConsole(Self.cache(accessTokens: [Self.accessToken("at-due", extra: #", "refresh_on": "\#(Self.cachedAt + 60)""#)]))
        // No id token: the console refreshes.
        try await Self.expectConsole(Self.cache(accessTokens: [Self.accessToken("at-no-id")], idTokens: []))
    }

    @Test func proofOfPossessionAndFutureTokensAreLeftToTheConsole() async throws {
        try await Self.expectConsole(Self.cache(accessTokens: [Self.accessToken("at-pop").replacingOccurrences(of: #""Bearer""#, with: #""pop""#)]))
        let withScheme = Self.accessToken("at-scheme", expiresIn: 9000)
            .replacingOccurrences(of: #""credential_type": "AccessToken""#, with: #""credential_type": "AccessToken_With_AuthScheme""#)
        try await Self.expectConsole(Self.cache(accessTokens: [Self.accessToken("at-bearer"), withScheme]))
        let future = Self.accessToken("at-future").replacingOccurrences(of: #""cached_at": "\#(Self.cachedAt)""#,
                                                                         with: #""cached_at": "\#(Self.cachedAt + 86_400)""#)
        try await Self.expectConsole(Self.cache(accessTokens: [future]))
    }

    @Test func unusualCachesAndAuthoritiesAreLeftToTheConsole() async throws {
        let plain = Self.cache(accessTokens: [Self.accessToken("at-plain")])
        // Readable by others: the console tightens it and says so.
        try await Self.expectConsole(plain, mode: 0o644)
        // Entries the console would collapse and write back.
        let upper = Self.accessToken("at-dup").replacingOccurrences(of: #""at-dup": {"#, with: #""AT-DUP": {"#)
        try await Self.expectConsole(Self.cache(accessTokens: [Self.accessToken("at-dup"), upper]))
        // Not JSON: the console moves it aside and says so.
        try await Self.expectConsole(String(plain.dropLast()))
        // A host-only authority (completed, with a note), a query.
        try await Self.expectConsole(plain, authority: "https://contoso.ciamlogin.com/")
        try await Self.expectConsole(plain, authority: Self.authority + "?dc=ESTS-PUB-WEULR1-AZ1-FD000-TEST1")
    }

    @Test func onlyThePlainTokenCommandIsAnswered() {
        let environment = ["TOPHHIE_AUTHORITY": Self.authority, "TOPHHIE_CLIENT_ID": Self.client, "TOPHHIE_TOKEN_CACHE": "/nonexistent"]
        for arguments in [["token", "--json"], ["token", "--scopes", "Mail.Read"], ["token", "--account", "x"], ["accounts"], ["token", "--help"]] {
            #expect(CachedTokenShortcut.token(arguments: arguments, environment: environment, now: Self.now) == nil, "\(arguments)")
        }
    }
}
