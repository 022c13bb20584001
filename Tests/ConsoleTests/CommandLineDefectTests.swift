import CommandGrammar
@testable import Console
@testable import ConsoleCommandLine
@testable import ConsoleCommands
import EnrolmentDesk
import Foundation
import Testing
import TophhieCloudAuthentication

/// Small command-line defects seen in trials, each pinned by what a user would notice.
@Suite struct CommandLineDefectTests {
    private func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-defects-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A scenario that fails after one exchange: nobody is signed up, so signing in ends on an error, not signed in.
    private func failing(_ name: String) -> String {
        #"{"name": "\#(name)", "steps": [{"start": {"flow": "signIn", "email": "nobody@contoso.com"}}, {"expect": {"step": "signedIn"}}]}"#
    }

    @Test func aTypoInAProfileKeyIsNamedWithItsFile() {
        let parser = InvocationParser(environment: ["XDG_CONFIG_HOME": "/cfg"]) { path in
            path == "/cfg/tophhie/profiles.json"
                ? Data(#"{"profiles": {"staging": {"authority": "https://contoso.ciamlogin.com/5f1c9a42", "clientID": "x"}}}"#.utf8) : nil
        }
        #expect(throws: UsageError(#"/cfg/tophhie/profiles.json: profile "staging" has an unknown key "clientID"; "#
                                   + "use authority, clientId, capabilities, challengeTypes.")) {
            try parser.parse(["console", "--profile", "staging"])
        }
        let topLevel = InvocationParser(environment: ["XDG_CONFIG_HOME": "/cfg"]) { _ in Data(#"{"profile": {}}"#.utf8) }
        #expect(throws: UsageError(#"/cfg/tophhie/profiles.json: unknown key "profile"; the file has only "profiles"."#)) {
            try topLevel.parse(["token", "--profile", "staging"])
        }
    }

    @Test func enrolmentRefusesATokenCacheItWouldNotWrite() throws {
        #expect(throws: UsageError("--token-cache /tmp/c.json: enrolment mode writes no token cache (each person's account is forgotten); "
                                   + "leave out --token-cache or --enrol.")) {
            try InvocationParser(environment: [:]).parse(["--enrol", "--token-cache", "/tmp/c.json"])
        }
        // Its help says so too: a new user read that --enrol keeps tokens in memory unless a file is given, gave one and was refused.
        let help = try #require(CommandTable.embedded.spec.options.first { $0.name == "--token-cache" }?.help)
        #expect(help.contains("--enrol writes no token cache") && !help.contains("--enrol keep"), "\(help)")
    }

    @Test func twoScenariosOfOneNameKeepTwoHARs() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("twins.json")
        try #"{"tenant": {"emulator": "email-password"}, "scenarios": [\#(failing("same")), \#(failing("same"))]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        var options = ScenarioRunOptions()
        options.files = [file.path]
        options.harDirectory = folder.path
        options.timeout = 120
        let (code, output, errors) = await runScenarioCommand(options)
        #expect(code == 1, "\(output)\(errors)")
        let hars = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".har") }.sorted()
        #expect(hars == ["twins-same-2.har", "twins-same.har"], "\(output)")
    }

    /// The ✗ line of a scenario that ended elsewhere than expected says what the screen said and what the server
    /// answered, not only the step's name (a trial saw `got signInStart` and nothing more).
    @Test func aFailedExpectationSaysWhatTheServerAnswered() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("wrong.json")
        let scenario = #"{"name": "wrong password", "steps": [{"start": {"flow": "signIn", "email": "jane.doe@contoso.com", "#
            + #""password": "Not-Her-Password-1!"}}, {"expect": {"step": "signedIn"}}]}"#
        try #"{"tenant": {"emulator": "email-password"}, "scenarios": [\#(scenario)]}"#.write(to: file, atomically: true, encoding: .utf8)
        var options = ScenarioRunOptions()
        options.files = [file.path]
        options.timeout = 120
        let (code, output, errors) = await runScenarioCommand(options)
        #expect(code == 1, "\(output)\(errors)")
        let failed = try #require(output.split(separator: "\n").first { $0.hasPrefix("✗ wrong password") }, "\(output)")
        #expect(failed.contains("expected step signedIn, got signInStart (") && failed.contains("server: invalid_grant"), "\(failed)")
    }

    @Test func aJUnitFileThatCannotBeWrittenIsRefusedBeforeAnyScenarioRuns() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("one.json")
        try #"{"tenant": {"emulator": "email-password"}, "scenarios": [\#(failing("one"))]}"#.write(to: file, atomically: true, encoding: .utf8)
        var options = ScenarioRunOptions()
        options.files = [file.path]
        options.harDirectory = folder.path
        // /proc takes no new file, even from root, whom the permission bits do not stop.
        options.junitPath = "/proc/tophhie-junit.xml"
        let (code, output, errors) = await runScenarioCommand(options)
        #expect(code == 2)
        #expect(output.isEmpty, "a scenario ran: \(output)")
        #expect(errors == "tophhie run: --junit /proc/tophhie-junit.xml: the folder /proc is not writable.\n", "\(errors)")
    }

    /// `--har-dir` is refused in the words `--har`, `--junit` and `--report` use, checked the same way (a file made
    /// there: the permission bits do not bind root), before any scenario runs (issue #37).
    @Test func aHARFolderThatCannotBeWrittenIsRefusedAsHARIs() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("one.json")
        try #"{"tenant": {"emulator": "email-password"}, "scenarios": [\#(failing("one"))]}"#.write(to: file, atomically: true, encoding: .utf8)
        let missing = folder.appendingPathComponent("missing").path
        let plain = folder.appendingPathComponent("plain.txt").path
        try Data().write(to: URL(fileURLWithPath: plain))
        for (directory, why) in [(missing, "the folder \(missing) does not exist; create it first."), ("/proc", "the folder /proc is not writable."),
                                 (plain, "\(plain) is a file, not a folder.")] {
            var options = ScenarioRunOptions()
            options.files = [file.path]
            options.harDirectory = directory
            let (code, output, errors) = await runScenarioCommand(options)
            #expect(code == 2 && output.isEmpty, "\(output)")
            #expect(errors == "tophhie run: --har-dir \(directory): \(why)\n", "\(errors)")
            var console = ConsoleOptions()
            console.harPath = directory + "/session.har"
            #expect(ConsoleApp.outputProblem("--har", console.harPath, "a HAR", console, environment: [:]) == "--har \(directory)/session.har: \(why)")
        }
    }

    /// `--report` naming the `--record` file was written over it at the end: the record was lost without a word. It is
    /// refused before the session, and a file `--record` refuses (the list) keeps its mode (it was made 0600).
    @Test func theReportMayNotReplaceTheRecordAndARefusedRecordKeepsItsMode() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = ConsoleOptions()
        options.enrol = true
        (options.recordPath, options.reportPath) = (folder.path + "/x.md", folder.path + "/x.md")
        #expect(ConsoleApp.outputProblem("--report", options.reportPath, "the report", options, without: \.reportPath, environment: [:])
                == "--report \(folder.path)/x.md: it is the enrolment record of this session, which the report would replace; name another file.")
        #expect(ConsoleApp.run(.embedded(preset: "email-password", options: options), environment: [:]) == 2)
        #expect(ConsoleApp.outputProblem("--record-scenario", options.recordPath, "the recorded scenario", options, without: \.scenarioPath,
                                         environment: [:]) != nil)

        let list = folder.path + "/l.csv"
        try Data("email\r\nann@example.com\r\n".utf8).write(to: URL(fileURLWithPath: list))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: list)
        #expect(EnrolmentRecorder.problem(list) != nil)
        #expect(try FileManager.default.attributesOfItem(atPath: list)[.posixPermissions] as? Int == 0o644)
    }

    /// A missing folder is named as it was typed, as the usage's example shows (`--har out/x.har: the folder out
    /// …`), not made absolute, with what to do.
    @Test func aMissingFolderIsNamedAsTyped() {
        let missing = "missing-\(UUID().uuidString)"
        var console = ConsoleOptions()
        console.harPath = missing + "/x.har"
        #expect(ConsoleApp.outputProblem("--har", console.harPath, "a HAR", console, environment: [:]) == "--har \(missing)/x.har: the folder \(missing) does not exist; create it first.")
    }

    @Test func invalidScenarioJSONGivesItsLineAndColumn() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("broken.json")
        try "{\n  \"tenant\": {\"emulator\": \"mfa\"},\n  \"scenarios\": [tru]\n}\n".write(to: file, atomically: true, encoding: .utf8)
        var options = ScenarioRunOptions()
        options.files = [file.path]
        let (code, _, errors) = await runScenarioCommand(options)
        #expect(code == 2)
        #expect(errors.hasPrefix("tophhie run: \(file.path): line 3, column "), "\(errors)")
        #expect(errors.contains(": not valid JSON"), "\(errors)")
    }

    @Test func theDoctorSaysAMissingServerInWordsAndRefusesAClientIDThatIsNoGUID() async throws {
        let errors = Printed()
        let output = Printed()
        var options = DoctorOptions()
        // Port 9 (discard) on loopback: nothing listens there on a test machine.
        let authority = try #require(URL(string: "http://127.0.0.1:9/5f0c3a1e-7b2d-4c8e-9a61-3d2f4b6e8a10"))
        options.target = TenantTarget(authority: authority, clientID: "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48", capabilities: [],
                                      challengeTypes: ["oob"])
        let code = await DoctorCommand.run(options, output: { output.add($0 + "\n") }, errors: { errors.add($0 + "\n") })
        #expect(code == 1)
        #expect(output.all.contains("Discovery did not answer: The server 127.0.0.1 could not be reached."), "\(output.all)")
        #expect(!output.all.contains("unreachable("), "\(output.all)")

        options.target?.clientID = "contoso-console"
        let refused = Printed()
        let status = await DoctorCommand.run(options, output: { refused.add($0) }, errors: { refused.add($0 + "\n") })
        #expect(status == 2)
        #expect(refused.all.hasPrefix("tophhie doctor: --client-id contoso-console: not an app (client) id, which is a GUID"), "\(refused.all)")
    }
}
