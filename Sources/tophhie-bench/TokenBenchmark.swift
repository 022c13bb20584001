import Foundation

/// `tophhie-bench token [--runs N]`: `tophhie token` on a token cache holding a valid access token, beside
/// `jq -r '.AccessToken[] | .secret'` on the same file, alternating in one run; the console answering the same
/// command (`tophhie-console token`, what the launcher execs for anything it leaves) runs alongside. Reports median
/// wall and CPU times and the ratio of `tophhie`'s median wall time to jq's (target ≤ 0.9). Each program must
/// print the cached token, or the run exits 1.
enum TokenBenchmark {
    static let runs = CountOptions.Option(name: "--runs", defaultValue: 50, meaning: "timed runs of each program")
    static let options = CountOptions(command: "tophhie-bench token", options: [runs])
    static let authority = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"
    static let client = "4f1e2d3c-5b6a-4978-8a1b-2c3d4e5f6a7b"
    static let home = "e7d6c5b4-a392-4817-9f0e-1d2c3b4a5968.9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00"
    static let realm = "9a3c6e52-1f0d-4b7a-8c2e-5d4f3b2a1c00"

    static func run(_ arguments: [String]) async -> Int32 {
        await options.run(arguments) { counts in try measure(runs: counts[runs]) }
    }

    /// A cache as MSAL Python writes it after a sign-in: one account, its id, refresh and access tokens.
    static func cache(secret: String, now: Int) -> String {
        let common = #""home_account_id": "\#(home)", "environment": "contoso.ciamlogin.com", "client_id": "\#(client)""#
        return #"""
        {"AccessToken": {"at": {"credential_type": "AccessToken", "secret": "\#(secret)", \#(common), "target": "User.Read email openid profile", "realm": "\#(realm)", "token_type": "Bearer", "cached_at": "\#(now)", "expires_on": "\#(now + 3600)", "extended_expires_on": "\#(now + 3600)"}},
         "Account": {"acct": {"home_account_id": "\#(home)", "environment": "contoso.ciamlogin.com", "realm": "\#(realm)", "local_account_id": "x", "username": "river@contoso.com", "authority_type": "MSSTS"}},
         "IdToken": {"id": {"credential_type": "IdToken", "secret": "e30.e30.c2ln", \#(common), "realm": "\#(realm)"}},
         "RefreshToken": {"rt": {"credential_type": "RefreshToken", "secret": "1.AR-BENCH", \#(common), "target": "User.Read email openid profile"}},
         "AppMetadata": {}}
        """#
    }

    private static func measure(runs: Int) throws {
        let tophhie = ChildRun.sibling("tophhie")
        let console = ChildRun.sibling("tophhie-console")
        for program in [tophhie, console] where !FileManager.default.isExecutableFile(atPath: program) {
            throw BenchmarkError("build them first: swift build -c release --product tophhie-bench (looked for \(program))")
        }
        guard let jq = ChildRun.which("jq") else { throw BenchmarkError("jq is not installed (apt-get install jq; scripts/setup)") }
        let folder = NSTemporaryDirectory() + "tophhie-bench-token-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/msal_token_cache.json"
        let secret = "eyJ0eXAiOiJKV1QifQ.eyJhdWQiOiJiZW5jaCJ9.c2lnbmF0dXJl"
        guard FileManager.default.createFile(atPath: path, contents: Data(cache(secret: secret, now: Int(Date().timeIntervalSince1970)).utf8),
                                             attributes: [.posixPermissions: 0o600]) else { throw BenchmarkError("cannot write \(path)") }
        var environment = ProcessInfo.processInfo.environment
        environment["TOPHHIE_AUTHORITY"] = authority
        environment["TOPHHIE_CLIENT_ID"] = client
        environment["TOPHHIE_TOKEN_CACHE"] = path
        environment["TOPHHIE_DEBUG"] = nil
        let commands: [(name: String, argv: [String])] = [
            ("tophhie token", [tophhie, "token"]),
            ("jq -r '.AccessToken[] | .secret'", [jq, "-r", ".AccessToken[] | .secret", path]),
            ("tophhie-console token", [console, "token"]),
        ]
        var wall: [String: [Double]] = [:]
        var cpu: [String: [Double]] = [:]
        let output = folder + "/out.txt"
        for round in 0..<(runs + 2) {
            for (name, argv) in commands {
                let run = try ChildRun.measure(argv, environment: environment, output: output)
                guard run.status == 0, try String(contentsOfFile: output, encoding: .utf8) == secret + "\n" else {
                    throw BenchmarkError("\(name) did not print the cached token (exit \(run.status))")
                }
                guard round >= 2 else { continue } // two rounds warm the page cache
                wall[name, default: []].append(run.wallSeconds)
                cpu[name, default: []].append(run.cpuSeconds)
            }
        }
        print("token: a cached access token with an hour left, \(runs) runs each, alternating")
        for (name, _) in commands {
            print(String(format: "  %-34@ wall median %6.2f ms   CPU median %6.2f ms", name as NSString,
                         ChildRun.median(wall[name] ?? []) * 1000, ChildRun.median(cpu[name] ?? []) * 1000))
        }
        let ratio = ChildRun.median(wall[commands[0].name] ?? []) / ChildRun.median(wall[commands[1].name] ?? [])
        let alone = ChildRun.median(wall[commands[2].name] ?? []) / ChildRun.median(wall[commands[1].name] ?? [])
        print(String(format: "  ratio: wall %.2fx jq's (target <= 0.9x); the console alone %.2fx", ratio, alone))
    }
}
