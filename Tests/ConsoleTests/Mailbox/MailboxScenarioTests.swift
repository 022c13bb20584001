@testable import ConsoleCommandLine
import Foundation
import Testing
import TestSupport

/// `tophhie run` against emulators over HTTPS, as against a real tenant, with every code read from a real
/// Dovecot over IMAPS: the emulators deliver their codes with `--maildir` into the Maildir Dovecot serves.
@Suite(.serialized) struct MailboxScenarioTests {
    static let clientID = "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48"

    /// An emulator process (`tophhie-console emulator --tls --maildir`), run as Dovecot's mail user when the test is root.
    final class EmulatorProcess {
        let authority: String
        let caFile: String
        private let pid: pid_t

        /// - Parameter preset: a preset's name, or a policy file in `server.folder` (its name then names the files).
        init(preset: String, server: DovecotServer) async throws {
            let console = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
                .deletingLastPathComponent().appendingPathComponent("tophhie-console").path
            let name = URL(fileURLWithPath: preset).deletingPathExtension().lastPathComponent
            caFile = server.folder + "/emulator-\(name).pem"
            let output = server.folder + "/emulator-\(name).out"
            guard let pid = ChildProcess.start(server.mailUserPrefix + [console, "emulator", "--tenant", preset, "--tls", "--tls-cert", caFile,
                                                                        "--maildir", server.maildir, "--hash-iterations", "10"],
                                               outputPath: output, truncate: true) else {
                throw DovecotFailure(description: "the emulator did not start")
            }
            self.pid = pid
            var line = ""
            let listening = await eventually(timeout: .seconds(30)) {
                line = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").first.map(String.init) ?? ""
                return line.hasPrefix("listening on https://")
            }
            guard listening else {
                await ChildProcess.terminate(pid)
                throw DovecotFailure(description: "the emulator did not listen: \(line)")
            }
            authority = String(line.dropFirst("listening on ".count))
        }

        func stop() async { await ChildProcess.terminate(pid) }

        /// Runs `body` and stops the emulators whether it threw or not.
        static func stopping(_ emulators: [EmulatorProcess], after body: () async throws -> Void) async throws {
            do {
                try await body()
            } catch {
                for emulator in emulators { await emulator.stop() }
                throw error
            }
            for emulator in emulators { await emulator.stop() }
        }
    }

    private static func tenant(_ emulator: EmulatorProcess, _ server: DovecotServer, passwordFile: String? = nil) -> String {
        """
        {"authority": "\(emulator.authority)", "clientId": "\(clientID)", "caFile": "\(emulator.caFile)",
         "challengeTypes": ["oob", "password", "redirect"], "capabilities": ["mfa_required", "registration_required"],
         "mailbox": {"url": "\(server.url)", "passwordFile": "\(passwordFile ?? server.passwordFile)", "caFile": "\(server.caFile)"}}
        """
    }

    private static func signUp(_ address: String) -> String {
        """
        {"name": "sign up \(address)", "timeoutSeconds": 30, "steps": [
          {"start": {"flow": "signUp", "email": "\(address)", "password": "Coral-Tide-4821!"}},
          {"expect": {"step": "codeEntry"}},
          {"answer": {"code": "mailbox"}},
          {"expect": {"step": "attributes"}},
          {"answer": {"attributes": {"displayName": "QA"}}},
          {"expect": {"step": "signedIn"}}
        ]}
        """
    }

    @Test func signUpResetAndMFAWithCodesFromTheMailboxFourAtATime() async throws {
        try await DovecotServer.with { server in
            let passwords = try await EmulatorProcess(preset: "email-password", server: server)
            let mfa: EmulatorProcess
            do {
                mfa = try await EmulatorProcess(preset: "mfa", server: server)
            } catch {
                await passwords.stop()
                throw error
            }
            try await EmulatorProcess.stopping([passwords, mfa]) {
            let reset = """
            {"name": "reset jane's password", "timeoutSeconds": 30, "steps": [
              {"start": {"flow": "resetPassword", "email": "jane.doe@contoso.com"}},
              {"answer": {"code": "mailbox"}},
              {"expect": {"step": "newPassword"}},
              {"answer": {"password": "Fresh-Meadow-9035!"}},
              {"expect": {"step": "resetDone"}}
            ]}
            """
            let signIn = """
            {"name": "MFA by email after the password", "timeoutSeconds": 30, "steps": [
              {"start": {"flow": "signIn", "email": "jane.doe@contoso.com", "password": "Blue-Harbor-7419!"}},
              {"expect": {"step": "methodPicker"}},
              {"answer": {"method": "email"}},
              {"expect": {"step": "codeEntry"}},
              {"answer": {"code": {"mailbox": "jane.backup@contoso.com"}}},
              {"expect": {"step": "signedIn"}}
            ]}
            """
            let first = server.folder + "/passwords.json"
            let second = server.folder + "/mfa.json"
            let signUps = (1...3).map { Self.signUp("qa+run\($0)@contoso.com") }.joined(separator: ",\n")
            try Data(#"{"tenant": \#(Self.tenant(passwords, server)), "scenarios": [\#(signUps), \#(reset)]}"#.utf8)
                .write(to: URL(fileURLWithPath: first))
            try Data(#"{"tenant": \#(Self.tenant(mfa, server)), "scenarios": [\#(signIn)]}"#.utf8).write(to: URL(fileURLWithPath: second))
            var options = ScenarioRunOptions()
            options.files = [first, second]
            options.jobs = 4
            options.junitPath = server.folder + "/junit.xml"
            options.reportPath = server.folder + "/report.md"
            options.harDirectory = server.folder
            let (code, output, errors) = await runScenarioCommand(options)
            #expect(code == 0, "\(output)\(errors)")
            let report = try String(contentsOfFile: options.reportPath ?? "", encoding: .utf8)
            for text in [output, errors, report] { #expect(!text.contains(DovecotServer.password)) }
            // Every code was taken: none is left unseen for the next run.
            let unseen = try FileManager.default.contentsOfDirectory(atPath: server.maildir + "/new")
            #expect(unseen.isEmpty)
            }
        }
    }

    /// The mailbox's default pattern looks for as many digits as the challenge's `code_length` says.
    @Test func aSixDigitTenantsCodeIsReadFromTheMailbox() async throws {
        try await DovecotServer.with { server in
            let presetFile = RepositoryFiles.packageRoot.appendingPathComponent("Sources/TenantEmulator/Presets/email-password.json")
            var policy = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: presetFile)) as? [String: Any])
            var otp = try #require(policy["otp"] as? [String: Any])
            otp["length"] = 6
            policy["otp"] = otp
            let policyFile = server.folder + "/six-digits.json"
            try JSONSerialization.data(withJSONObject: policy).write(to: URL(fileURLWithPath: policyFile))
            let emulator = try await EmulatorProcess(preset: policyFile, server: server)
            try await EmulatorProcess.stopping([emulator]) {
            let file = server.folder + "/six.json"
            try Data(#"{"tenant": \#(Self.tenant(emulator, server)), "scenarios": [\#(Self.signUp("qa+six@contoso.com"))]}"#.utf8)
                .write(to: URL(fileURLWithPath: file))
            var options = ScenarioRunOptions()
            options.files = [file]
            options.junitPath = server.folder + "/junit.xml"
            options.reportPath = server.folder + "/report.md"
            options.harDirectory = server.folder
            let (code, output, errors) = await runScenarioCommand(options)
            #expect(code == 0, "\(output)\(errors)")
            }
        }
    }

    @Test func aWrongMailboxPasswordFailsTheScenarioInWordsWithoutThePassword() async throws {
        try await DovecotServer.with { server in
            let emulator = try await EmulatorProcess(preset: "email-password", server: server)
            try await EmulatorProcess.stopping([emulator]) {
            let wrong = server.folder + "/wrong"
            try Data("Wrong-\(DovecotServer.password)\n".utf8).write(to: URL(fileURLWithPath: wrong))
            let file = server.folder + "/wrong.json"
            try Data(#"{"tenant": \#(Self.tenant(emulator, server, passwordFile: wrong)), "scenarios": [\#(Self.signUp("qa+wrong@contoso.com"))]}"#.utf8)
                .write(to: URL(fileURLWithPath: file))
            var options = ScenarioRunOptions()
            options.files = [file]
            options.junitPath = server.folder + "/junit.xml"
            options.reportPath = server.folder + "/report.md"
            options.harDirectory = server.folder
            let started = ContinuousClock.now
            let (code, output, errors) = await runScenarioCommand(options)
            #expect(code == 1)
            #expect(ContinuousClock.now - started < .seconds(30))
            let junit = try String(contentsOfFile: options.junitPath ?? "", encoding: .utf8)
            let report = try String(contentsOfFile: options.reportPath ?? "", encoding: .utf8)
            #expect(report.contains("refused the login of qa@contoso.com (wrong password or user name?)"))
            #expect(junit.contains("refused the login of qa@contoso.com"))
            for text in [output, errors, report, junit] { #expect(!text.contains(DovecotServer.password)) }
            }
        }
    }
}
