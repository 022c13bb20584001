import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `--record-scenario FILE` and F9: an operator's session on the emulator, written as a scenario `tophhie run` replays.
    @Suite struct RecordScenario {
        @Test func aRecordedSignUpReplaysGreenAndHoldsNoSecret() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-record-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("recorded.json").path
            let run = try ConsoleRun(preset: "attributes", arguments: ["--record-scenario", file])
            #expect(await run.waitForHome())
            #expect(await run.wait(for: "● REC"), "no recording mark:\n\(run.screen)")

            let email = "recorded.customer@example.com", password = "Str0ng!Recorded-Passw0rd"
            await run.startSignUp(email: email, password: password)
            #expect(await run.wait(for: "Check your email", timeout: ConsoleRun.serverWait), "\(run.screen)")
            let code = try await run.control.code(to: email)
            let wrong = String(code.map { $0 == "1" ? "2" : "1" })
            run.type(wrong)
            run.keys("Enter")
            #expect(await run.wait(for: "That code isn't right", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.type(code)
            run.keys("Enter")
            #expect(await run.wait(for: "A few more details", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.fill(["Rae Corder", "1234567890"])
            run.keys("Tab", "Space", "Enter")
            #expect(await run.wait(for: "Signed in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(await run.wait(for: "[ Sign out ]", timeout: ConsoleRun.serverWait), "\(run.screen)")
            // Home, Refresh now, Show claims, Sign out.
            run.keys("Tab", "Tab", "Tab", "Enter")
            #expect(await run.wait(for: "was signed out of this console", timeout: ConsoleRun.serverWait), "\(run.screen)")
            // F9 stops the recording and writes the file; the mark goes.
            run.keys("F9")
            #expect(await run.wait(for: "Scenario recorded in"), "\(run.screen)")
            #expect(await run.waitUntilGone("● REC"), "\(run.screen)")
            #expect(FileManager.default.fileExists(atPath: file))
            #expect(await run.quit() == 0)

            let text = try String(contentsOfFile: file, encoding: .utf8)
            for secret in [password, code, wrong] { #expect(!text.contains(secret), "\(secret) was written:\n\(text)") }
            #expect(text.contains("TOPHHIE_PASSWORD"), "\(text)")

            // Replayed by `tophhie run` on a fresh emulator, the password from the variable the file names.
            let output = folder.appendingPathComponent("run.txt").path
            let replay = try #require(ChildProcess.start(["env", "TOPHHIE_PASSWORD=\(password)", try ConsoleBinary.require(), "run",
                                                          "--har-dir", folder.path, file], outputPath: output))
            let status = await ChildProcess.exitStatus(of: replay)
            let said = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            #expect(status == 0, "the recorded scenario did not replay green:\n\(said)\n\(text)")
            #expect(said.contains("1 of 1 scenarios passed"), "\(said)")
        }
    }
}
