import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The interactive stack in the real terminal: device code, the browser (headless Chromium playing
    /// the user), a relaunch that restores the account, and the script commands on the same cache.
    @Suite struct Interactive {
        static let username = "jane.doe@contoso.com"
        static let password = "Blue-Harbor-7419!"
        static let clientID = "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48"

        @Test func deviceCodeSignInThenSignOut() async throws {
            let run = try ConsoleRun(preset: "email-password")
            #expect(await run.waitForHome())
            run.choose("Sign in with a device code")
            #expect(await run.wait(for: "/common/oauth2/deviceauth", timeout: ConsoleRun.serverWait), "\(run.screen)")
            let code = try #require(run.deviceCode(), "no user code drawn:\n\(run.screen)")
            #expect(run.screen.contains("Code expires in"))
            try await run.control.request("POST", "devicecodes/\(code)/approve", body: #"{"username":"\#(Self.username)"}"#)
            #expect(await run.wait(for: "[ Sign out ]", timeout: ConsoleRun.serverWait), "\(run.screen)")
            // The outbox pane leaves the account screen too little room: its top is a page up.
            run.keys("PPage")
            #expect(await run.wait(for: "Signed in with a device code"), "\(run.screen)")
            #expect(run.screen.contains(Self.username))
            #expect(run.screen.contains("In memory only"), "the embedded tenant's tokens must stay in memory:\n\(run.screen)")
            // Home, Refresh now, Show claims, Sign out.
            run.keys("Tab", "Tab", "Tab", "Enter")
            #expect(await run.wait(for: "was signed out of this console", timeout: ConsoleRun.serverWait), "\(run.screen)")
            // The address wraps after a slash, so its path and its query may sit on two lines.
            #expect(run.screen.contains("/oauth2/v2.0/") && run.screen.contains("logout?client_id="), "no end-session address:\n\(run.screen)")
            #expect(await run.quit() == 0)
            run.expectSaneTerminal()
        }

        @Test func escapeCancelsTheDeviceCodeWait() async throws {
            let run = try ConsoleRun(preset: "email-password")
            #expect(await run.waitForHome())
            run.choose("Sign in with a device code")
            #expect(await run.wait(for: "/common/oauth2/deviceauth", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.keys("Escape")
            #expect(await run.wait(for: "Sign-in cancelled"), "\(run.screen)")
            #expect(run.screen.contains("Sign in with a device code"), "not back on the home menu:\n\(run.screen)")
            #expect(await run.quit() == 0)
        }

        @Test func browserSignInWithChromiumAsTheUsersBrowser() async throws {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("InteropTests/Scripts/browser_sign_in.py").path
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-browser-\(UUID().uuidString).log").path
            defer { try? FileManager.default.removeItem(atPath: log) }
            let run = try ConsoleRun(preset: "email-password", environment: [
                "BROWSER": "python3 \(script)", "TOPHHIE_TEST_USERNAME": Self.username, "TOPHHIE_TEST_PASSWORD": Self.password,
                "TOPHHIE_TEST_BROWSER_LOG": log,
            ])
            #expect(await run.waitForHome())
            run.choose("Sign in with browser")
            #expect(await run.wait(for: "Your browser was opened", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(await run.wait(for: "[ Sign out ]", timeout: .seconds(30)),
                    "\(run.screen)\nbrowser log:\n\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
            run.keys("PPage")
            #expect(await run.wait(for: "Signed in with the browser"), "\(run.screen)")
            #expect(run.screen.contains(Self.username))
            #expect(await run.quit() == 0)
        }

        @Test func aRelaunchRestoresTheAccountAndTheScriptCommandsShareTheCache() async throws {
            let tenant = try await StandaloneEmulator()
            defer { tenant.stop() }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-relaunch-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let cache = folder.appendingPathComponent("cache.json").path
            let target = ["--authority", tenant.authority, "--client-id", Self.clientID, "--token-cache", cache]

            let first = try ConsoleRun(arguments: ["console"] + target, embedded: false, folder: folder)
            #expect(await first.waitForHome())
            await first.signIn(Self.username, Self.password)
            #expect(await first.wait(for: "Signed in natively", timeout: ConsoleRun.serverWait), "\(first.screen)")
            #expect(first.screen.contains("Token cache") && first.screen.contains("/cache.json"),
                    "the account screen must name the cache file:\n\(first.screen)")
            #expect(await first.quit() == 0)
            first.stop()
            let mode = try FileManager.default.attributesOfItem(atPath: cache)[.posixPermissions] as? Int
            #expect(mode == 0o600)

            let second = try ConsoleRun(arguments: ["console"] + target, embedded: false, folder: folder)
            #expect(await second.wait(for: "restored from the token cache", timeout: ConsoleRun.serverWait), "\(second.screen)")
            #expect(second.screen.contains(Self.username))
            #expect(await second.quit() == 0)
            second.stop()

            let token = await tenant.tophhie(["token", "--json"] + target)
            #expect(token.status == 0, "\(token.output)")
            #expect(token.output.contains(#""username":"\#(Self.username)""#))
            let accounts = await tenant.tophhie(["accounts"] + target)
            #expect(accounts.status == 0 && accounts.output.contains("* \(Self.username)"), "\(accounts.output)")
            let signOut = await tenant.tophhie(["sign-out"] + target)
            #expect(signOut.status == 0 && signOut.output.contains("Signed out \(Self.username)"), "\(signOut.output)")
            let after = await tenant.tophhie(["token"] + target)
            #expect(after.status == 4, "\(after.output)")  // a sign-in is needed (docs/usage.md, exit codes)
            #expect(after.output.contains("No account is signed in"))
        }
    }
}

/// `tophhie emulator` as its own process, so consoles can come and go against the same tenant.
struct StandaloneEmulator {
    let pid: pid_t
    let authority: String
    let folder: String
    let binary: String

    /// - Parameter arguments: more `tophhie emulator` arguments, e.g. `--tenant FILE`.
    init(arguments: [String] = []) async throws {
        binary = try ConsoleBinary.require()
        folder = NSTemporaryDirectory() + "tophhie-emulator-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let output = folder + "/emulator.out"
        guard let pid = ChildProcess.start([binary, "emulator", "--hash-iterations", "1000"] + arguments, outputPath: output,
                                           truncate: true) else {
            throw ControlAPI.Failure(description: "tophhie emulator did not start")
        }
        self.pid = pid
        var first: String?
        await eventually(timeout: .seconds(10), interval: .milliseconds(50)) {
            first = (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n").first.map(String.init)
            return first != nil
        }
        guard let line = first, line.hasPrefix("listening on ") else {
            await ChildProcess.terminate(pid)
            throw ControlAPI.Failure(description: "the emulator said: \(first ?? "nothing")")
        }
        authority = String(line.dropFirst("listening on ".count))
    }

    /// The control API of this emulator.
    var control: ControlAPI {
        let origin = URL(string: authority).map { "\($0.scheme ?? "http")://\($0.host ?? "127.0.0.1"):\($0.port ?? 80)" } ?? ""
        return ControlAPI(origin: origin)
    }

    /// Runs `tophhie ARGUMENTS` to its end: exit status and what it printed (stdout and stderr).
    func tophhie(_ arguments: [String]) async -> (status: Int32, output: String) {
        let output = folder + "/command.out"
        let status = await ChildProcess.runToEnd([binary] + arguments, outputPath: output, truncate: true)
        return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    func stop() {
        ChildProcess.stop(pid)
        try? FileManager.default.removeItem(atPath: folder)
    }
}

extension ConsoleRun {
    /// The user code drawn large on the device-code screen (`A B C D - E F G H`), without its spaces.
    func deviceCode() -> String? {
        guard let match = screen.firstMatch(of: /([A-Z] ){4}- ([A-Z] ){3}[A-Z]/) else { return nil }
        return String(match.output.0).replacingOccurrences(of: " ", with: "")
    }
}
