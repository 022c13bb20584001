@testable import ConsoleCommandLine
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import ScenarioFiles
@testable import ScenarioRuns
import TenantEmulator
import Testing
import TestSupport

/// The repository's root, from this file's place in it.
private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
private let examples = repository.appendingPathComponent("Resources/scenarios")

/// A fresh folder for one test's outputs.
private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

private func exampleFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".json") }.sorted()
        .map { examples.appendingPathComponent($0).path }
}

/// `CodeCommand.run` on a thread of its own, as a scenario's worker thread runs it (it waits for the command).
private func codeCommand(_ command: String, email: String, timeout: TimeInterval) async -> Result<String, CodeCommand.Problem> {
    await withCheckedContinuation { done in
        Thread.detachNewThread { done.resume(returning: CodeCommand.run(command, email: email, timeout: timeout)) }
    }
}

/// A run of `files` writing JUnit, Markdown and HARs into `folder`.
private func reportingOptions(files: [String], jobs: Int, into folder: URL) -> ScenarioRunOptions {
    var options = ScenarioRunOptions()
    options.files = files
    options.jobs = jobs
    // A step's limit, not its time: passing steps take well under a second, but the whole suite shares two
    // cores, and a step that waits out the limit fails with its name instead of hanging the run.
    options.timeout = 120
    options.junitPath = folder.appendingPathComponent("junit.xml").path
    options.reportPath = folder.appendingPathComponent("report.md").path
    options.harDirectory = folder.path
    return options
}

/// `xmllint --schema` (libxml2-utils) on `file`: nil when valid, else its complaint.
func schemaProblem(_ file: URL) async throws -> String? {
    let schema = repository.appendingPathComponent("Tests/ConsoleTests/Schemas/junit.xsd").path
    try MissingTool.require("/usr/bin/xmllint")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
    process.arguments = ["--noout", "--schema", schema, file.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try await process.runUntilExit()
    let text = String(decoding: await errors.fileHandleForReading.readAll(), as: UTF8.self)
    return process.terminationStatus == 0 ? nil : text
}

/// The test cases of a JUnit file as a JUnit reader sees them: name, classname, failure message and text.
private func junitCases(_ file: URL) throws -> [(name: String, suite: String, failure: String?, text: String?)] {
    let document = try XMLDocument(contentsOf: file, options: [])
    return try document.nodes(forXPath: "/testsuites/testsuite/testcase").compactMap { node in
        guard let element = node as? XMLElement else { return nil }
        let failure = element.elements(forName: "failure").first
        return (element.attribute(forName: "name")?.stringValue ?? "", element.attribute(forName: "classname")?.stringValue ?? "",
                failure?.attribute(forName: "message")?.stringValue, failure?.stringValue)
    }
}

@Suite(.serialized) struct ScenarioRunTests {
    @Test("every example file passes on its own embedded emulators (2 jobs); the JUnit XML validates and reads back")
    func examplesPass() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = reportingOptions(files: try exampleFiles(), jobs: 2, into: folder)
        let (code, output, errors) = await runScenarioCommand(options)
        #expect(code == 0, "\(output)\(errors)")
        let scenarios = try options.files.map { try ScenarioFileParser().load($0) }.flatMap(\.scenarios)
        #expect(output.contains("\(scenarios.count) of \(scenarios.count) scenarios passed ("))
        let junit = URL(fileURLWithPath: options.junitPath ?? "")
        #expect(try await schemaProblem(junit) == nil)
        let cases = try junitCases(junit)
        #expect(cases.map(\.name).sorted() == scenarios.map(\.name).sorted())
        #expect(cases.allSatisfy { $0.failure == nil })
        let report = try String(contentsOfFile: options.reportPath ?? "", encoding: .utf8)
        #expect(report.contains("\(scenarios.count) of \(scenarios.count) scenarios passed."))
        // No HAR for passing scenarios.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".har") }.isEmpty)
    }

    @Test("an example made to fail on purpose: exit 1, the failing step and its exchange (redacted) in JUnit, Markdown and a HAR")
    func failureIsReportedWithItsExchange() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(contentsOf: examples.appendingPathComponent("email-password.json"), encoding: .utf8)
        let broken = original.replacingOccurrences(of: "\"suberror\": \"invalid_oob_value\"", with: "\"suberror\": \"expired_oob_value\"")
        try #require(broken != original)
        let file = folder.appendingPathComponent("email-password.json")
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let options = reportingOptions(files: [file.path], jobs: 3, into: folder)
        let (code, output, _) = await runScenarioCommand(options)
        #expect(code == 1)
        let headline = "step 4 (expect): expected suberror expired_oob_value, got invalid_oob_value"
        #expect(output.contains("✗ a wrong code is refused and can be typed again"))
        #expect(output.contains(headline))

        let junit = URL(fileURLWithPath: options.junitPath ?? "")
        #expect(try await schemaProblem(junit) == nil)
        let failed = try junitCases(junit).filter { $0.failure != nil }
        try #require(failed.count == 1)
        #expect(failed[0].name == "a wrong code is refused and can be typed again")
        #expect(failed[0].suite == "email-password")
        #expect(failed[0].failure == headline)
        let text = failed[0].text ?? ""
        #expect(text.contains("/oauth2/v2.0/token"))
        #expect(text.contains("HTTP 400"))
        #expect(text.contains("oob=<redacted>"))
        #expect(text.contains("continuation_token=<redacted>"))

        let report = try String(contentsOfFile: options.reportPath ?? "", encoding: .utf8)
        #expect(report.contains("6 of 7 scenarios passed, 1 failed."))
        #expect(report.contains("| email-password.json | a wrong code is refused and can be typed again | ✗ failed |"))
        #expect(report.contains("\"suberror\":\"invalid_oob_value\""))

        let hars = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".har") }
        #expect(hars == ["email-password-a-wrong-code-is-refused-and-can-be-typed-again.har"])
        // Every output is free of the secrets the scenarios typed (the typed wrong code included).
        for name in ["junit.xml", "report.md"] + hars {
            let written = try String(contentsOfFile: folder.appendingPathComponent(name).path, encoding: .utf8)
            for secret in ["Blue-Harbor-7419!", "Coral-Tide-4821!", "Fresh-Meadow-9035!", "oob=00000000"] {
                #expect(!written.contains(secret), "\(name) holds \(secret)")
            }
        }
    }

    @Test("a file fault names the file and its JSON path; tophhie run exits 2", arguments: [
        (#"{"tenant": {"emulator": "mfa"}, "scenarios": [{"name": "a", "steps": [{"start": {"flow": "signIn", "email": "a@b.c"}}, {"expect": {"subError": "x"}}]}]}"#,
         "scenarios[0].steps[1].expect.subError: unknown key"),
        (#"{"tenant": {"emulator": "mfa"}, "scenarios": [{"name": "a", "steps": [{"start": {"flow": "signIn", "email": "a@b.c"}, "expect": {"step": "home"}}]}]}"#,
         "scenarios[0].steps[0]: expected exactly one of start, answer, emulator, expect"),
        (#"{"tenant": {"emulator": "mfa"}, "scenarios": [{"name": "a", "steps": [{"expect": {"step": "signedInn"}}]}]}"#,
         "scenarios[0].steps[0].expect.step: unknown step"),
        (#"{"tenant": {"emulator": "mfa"}, "scenarios": [{"name": "a", "steps": [{"emulator": {"policy": {"mfa.requird": true}}}]}]}"#,
         "scenarios[0].steps[0].emulator.policy.mfa.requird: unknown key"),
        (#"{"tenant": {"emulator": "mfa"}, "scenarios": [{"name": "a", "steps": [{"emulator": {"policy": {"mfa.required": 1}}}]}]}"#,
         "scenarios[0].steps[0].emulator.policy.mfa.required: expected true or false"),
        (#"{"tenant": {"emulator": "mfa"}, "scenarios": [{"name": "a", "steps": [{"emulator": {"policy": {"signUp.method": "magic"}}}]}]}"#,
         "scenarios[0].steps[0].emulator.policy.signUp.method: expected emailPassword or emailOtp, found \"magic\""),
        (#"{"tenant": {"authority": "https://contoso.ciamlogin.com/contoso.onmicrosoft.com", "clientId": "c"}, "scenarios": [{"name": "a", "steps": [{"emulator": {"advanceClock": 5}}]}]}"#,
         "scenarios[0].steps[0].emulator: emulator actions need"),
        (#"{"tenant": {"authority": "https://contoso.ciamlogin.com/contoso.onmicrosoft.com", "clientId": "c"}, "scenarios": [{"name": "a", "steps": [{"answer": {"code": "outbox"}}]}]}"#,
         "scenarios[0].steps[0].answer.code: \"outbox\" is the emulator's"),
        (#"{"tenant": {"emulator": "nope"}, "scenarios": []}"#, "tenant.emulator: unknown preset"),
        (#"{"tenant": {"emulator": "mfa"}, "scenarios": [{"name": "a", "steps": [{"answer": {"method": "sms", "code": "outbox"}}]}]}"#,
         "scenarios[0].steps[0].answer: expected exactly one of"),
        ("not json", "line 1, column 2: not valid JSON"),
        ("{\n  \"tenant\": {\"emulator\": \"mfa\"},\n  \"scenarios\": [tru]\n}", "line 3, column 20: not valid JSON"),
        (#"{"tenant": {"emulator": "mfa"}, "scenarios": [{"name": "a", "timeoutSeconds": "60", "steps": [{"expect": {"step": "home"}}]}]}"#,
         "scenarios[0].timeoutSeconds: expected a whole number from 1 to 3600, found \"60\""),
        (#"{"tenant": {"emulator": "mfa"}, "scenarios": [{"name": "a", "steps": [{"start": {"flow": "signIn", "email": "a@b.c", "password": {"env": "1X"}}}]}]}"#,
         "scenarios[0].steps[0].start.password.env: expected an environment variable's name"),
        // A recorded file names its passwords' variables: unset, the run stops before any scenario fails for it.
        (#"{"tenant": {"emulator": "mfa"}, "scenarios": [{"name": "a", "steps": [{"start": {"flow": "signIn", "email": "a@b.c", "password": {"env": "TOPHHIE_UNSET_TEST_PASSWORD"}}}]}]}"#,
         "set TOPHHIE_UNSET_TEST_PASSWORD: its passwords are read from that environment variable"),
        // The mailbox's password too: unset, every scenario reading a code from it would fail.
        (#"{"tenant": {"authority": "https://contoso.ciamlogin.com/contoso.onmicrosoft.com", "clientId": "c", "mailbox": {"url": "imaps://qa@imap.contoso.com/INBOX", "passwordEnv": "TOPHHIE_UNSET_TEST_MAILBOX"}}, "scenarios": [{"name": "a", "steps": [{"start": {"flow": "signUp", "email": "a@b.c"}}, {"answer": {"code": "mailbox"}}]}]}"#,
         "set TOPHHIE_UNSET_TEST_MAILBOX: its passwords are read from that environment variable"),
        (#"{"tenant": {"authority": "https://contoso.ciamlogin.com/contoso.onmicrosoft.com", "clientId": "c", "mailbox": {"url": "imaps://qa@imap.contoso.com/INBOX", "passwordFile": "/nonexistent/tophhie-mailbox-password"}}, "scenarios": [{"name": "a", "steps": [{"start": {"flow": "signUp", "email": "a@b.c"}}, {"answer": {"code": "mailbox"}}]}]}"#,
         "mailbox: the password file /nonexistent/tophhie-mailbox-password cannot be read"),
    ])
    func fileFaultsNameTheirPath(json: String, expected: String) async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        var options = ScenarioRunOptions()
        options.files = [file.path]
        let (code, output, errors) = await runScenarioCommand(options)
        #expect(code == 2)
        #expect(output.isEmpty)
        #expect(errors.hasPrefix("tophhie run: \(file.path): \(expected)"), "\(errors)")
    }

    @Test("a file that is not there is named with what is wrong, no JSON path; tophhie run exits 2")
    func aMissingFileIsNamed() async {
        var options = ScenarioRunOptions()
        options.files = ["/nonexistent/nosuch.json"]
        let (code, _, errors) = await runScenarioCommand(options)
        #expect(code == 2)
        #expect(errors.hasPrefix("tophhie run: /nonexistent/nosuch.json: no such file, or it cannot be read"), "\(errors)")
    }

    @Test("the examples cover every preset, every flow and every step kind the emulator can run")
    func examplesCoverEveryPresetAndStepKind() throws {
        let files = try exampleFiles().map { try ScenarioFileParser().load($0) }
        let presets = Set(files.compactMap { file -> String? in
            guard case .emulator(let preset) = file.tenant else { return nil }
            return preset
        })
        #expect(presets == Set(TenantPreset.names))
        let steps = files.flatMap(\.scenarios).flatMap(\.steps)
        var kinds: Set<String> = []
        for step in steps {
            switch step {
            case .start(let start): kinds.insert("start.\(start.flow.rawValue)")
            case .answer(.code(.outbox)): kinds.insert("answer.code.outbox")
            case .answer(.code(.value)): kinds.insert("answer.code.value")
            case .answer(.code): break
            case .answer(.password): kinds.insert("answer.password")
            case .answer(.attributes): kinds.insert("answer.attributes")
            case .answer(.method(_, let contact)): kinds.insert(contact == nil ? "answer.method" : "answer.method.contact")
            case .answer(.proceed): kinds.insert("answer.proceed")
            case .answer(.signOut): kinds.insert("answer.signOut")
            case .answer(.approveDeviceCode): kinds.insert("answer.approveDeviceCode")
            case .emulator(.advanceClock): kinds.insert("emulator.advanceClock")
            case .emulator(.fault): kinds.insert("emulator.fault")
            case .emulator(.policy): kinds.insert("emulator.policy")
            case .expect(let expectation):
                let keys: [(String, Any?)] = [("step", expectation.step), ("error", expectation.error), ("suberror", expectation.suberror),
                                              ("aadsts", expectation.aadsts), ("attributesAsked", expectation.attributesAsked),
                                              ("methodsOffered", expectation.methodsOffered), ("redirectReason", expectation.redirectReason)]
                for case let (key, value?) in keys { _ = value; kinds.insert("expect.\(key)") }
            }
        }
        let expected = FlowStart.Flow.allCases.map { "start.\($0.rawValue)" }
            + ["answer.code.outbox", "answer.code.value", "answer.password", "answer.attributes", "answer.method", "answer.method.contact",
               "answer.proceed", "answer.signOut", "answer.approveDeviceCode", "emulator.advanceClock", "emulator.fault", "emulator.policy"]
            + ScenarioFileParser.expectKeys.map { "expect.\($0)" }
        #expect(Set(expected).subtracting(kinds).isEmpty, "not covered: \(Set(expected).subtracting(kinds).sorted())")
    }

    @Test("the shipped JSON Schema names exactly the keys, steps and knobs the parser accepts")
    func schemaMatchesTheParser() throws {
        let data = try Data(contentsOf: repository.appendingPathComponent("Resources/scenario.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let definitions = try #require(schema["$defs"] as? [String: Any])
        func properties(_ name: String) -> Set<String> {
            Set(((definitions[name] as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
        }
        #expect(properties("step") == ScenarioFileParser.stepKinds)
        #expect(properties("expect") == ScenarioFileParser.expectKeys)
        #expect(properties("answer") == ScenarioFileParser.answerKinds.union(["contact"]))
        let expect = try #require((definitions["expect"] as? [String: Any])?["properties"] as? [String: Any])
        #expect((expect["step"] as? [String: Any])?["enum"] as? [String] == ScenarioFileParser.stepNames.map(\.rawValue))
        let emulator = try #require((definitions["emulator"] as? [String: Any])?["properties"] as? [String: Any])
        let knobs = try #require(((emulator["policy"] as? [String: Any])?["properties"] as? [String: Any])?.keys)
        #expect(Set(knobs) == Set(PolicyPatch.keys.map(\.key)).union(PolicyPatch.clientAliases.keys))
        let start = try #require((definitions["start"] as? [String: Any])?["properties"] as? [String: Any])
        #expect((start["flow"] as? [String: Any])?["enum"] as? [String] == FlowStart.Flow.allCases.map(\.rawValue))
    }

    @Test("the emulator actions and named code sources come from one list: the schema's, the parser's and its messages")
    func actionsAndCodeSourcesAreOneList() throws {
        let data = try Data(contentsOf: repository.appendingPathComponent("Resources/scenario.schema.json"))
        let definitions = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["$defs"] as? [String: Any])
        let emulator = try #require((definitions["emulator"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(emulator.keys) == ScenarioFileParser.emulatorKinds)
        let answer = try #require((definitions["answer"] as? [String: Any])?["properties"] as? [String: Any])
        let named = ((answer["code"] as? [String: Any])?["oneOf"] as? [[String: Any]])?.first?["enum"] as? [String]
        #expect(named == CodeSource.Named.allCases.map(\.rawValue))
        func problem(_ step: String) -> String? {
            let json = #"{"tenant": {"emulator": "mfa"}, "scenarios": [{"name": "a", "steps": [\#(step)]}]}"#
            do {
                _ = try ScenarioFileParser().parse(Data(json.utf8), path: "a.json")
                return nil
            } catch {
                return "\(error.path): \(error.problem)"
            }
        }
        #expect(problem(#"{"emulator": {}}"#) == "scenarios[0].steps[0].emulator: expected exactly one of advanceClock, fault, policy")
        #expect(problem(#"{"answer": {}}"#)
                == "scenarios[0].steps[0].answer: expected exactly one of approveDeviceCode, attributes, code, method, password, proceed, signOut")
        #expect(problem(#"{"answer": {"code": "inbox"}}"#)
                == #"scenarios[0].steps[0].answer.code: use "outbox" (emulator), "command", "mailbox", "prompt", or {"value": "…"}"#)
        #expect(problem(#"{"answer": {"code": "outbox"}}"#) == nil)
    }

    @Test("the usage guide's table of scenario steps names every kind of step, answer, action, expect key and named code source")
    func usageGuideNamesEveryKind() throws {
        let guide = try String(contentsOf: repository.appendingPathComponent("docs/usage.md"), encoding: .utf8)
        func row(_ kind: ScenarioStep.Kind) -> String {
            guide.split(separator: "\n").first { $0.hasPrefix("| `\(kind.rawValue)` |") }.map(String.init) ?? ""
        }
        for kind in ScenarioStep.Kind.allCases {
            let named: [String] = switch kind {
            case .start: FlowStart.Flow.allCases.map { "`\($0.rawValue)`" }
            case .answer: Answer.Kind.allCases.map { "`\($0.rawValue)`" } + CodeSource.Named.allCases.map { "`\"\($0.rawValue)\"`" }
            case .emulator: EmulatorAction.Kind.allCases.map { "`\($0.rawValue)`" }
            case .expect: Expectation.Key.allCases.map { "`\($0.rawValue)`" }
            }
            // A flag is written with its value: `proceed: true`.
            let line = row(kind).replacingOccurrences(of: ": true`", with: "`")
            #expect(!line.isEmpty && named.allSatisfy(line.contains), "\(kind): \(named.filter { !line.contains($0) })")
        }
    }

    @Test("a recorded file writes every kind of step under the key the parser reads it back from")
    func everyKindOfStepReadsBack() throws {
        let policy = try TenantPreset.resolve("mfa")
        // One step of each kind: a new kind does not compile here until it has one.
        let steps: [ScenarioStep] = try ScenarioStep.Kind.allCases.flatMap { kind -> [ScenarioStep] in
            switch kind {
            case .start:
                FlowStart.Flow.allCases.map { .start(FlowStart(flow: $0, email: "a@b.c", password: .environment("P"), attributes: ["city": "Oslo"])) }
            case .answer:
                Answer.Kind.allCases.map { kind in
                    switch kind {
                    case .code: .answer(.code(.outbox))
                    case .password: .answer(.password(.environment("P")))
                    case .attributes: .answer(.attributes(["city": "Oslo"]))
                    case .method: .answer(.method("sms", contact: "+15555550100"))
                    case .proceed: .answer(.proceed)
                    case .signOut: .answer(.signOut)
                    case .approveDeviceCode: .answer(.approveDeviceCode(username: "a@b.c"))
                    }
                }
            case .emulator:
                try EmulatorAction.Kind.allCases.map { kind in
                    switch kind {
                    case .advanceClock: .emulator(.advanceClock(seconds: 30))
                    case .fault: .emulator(.fault(Data(#"{"endpoint": "*", "kind": "http500"}"#.utf8)))
                    case .policy: .emulator(.policy(try PolicyPatch(dottedKeys: ["mfa.required": true], tenant: policy)))
                    }
                }
            case .expect:
                [.expect(Expectation(step: "signedIn", error: "invalid_grant", suberror: "password_too_weak", aadsts: 50126,
                                     attributesAsked: ["city"], methodsOffered: ["email"], redirectReason: "web"))]
            }
        }
        let file = ScenarioFile(path: "kinds.json", comment: nil, tenant: .emulator(preset: "mfa"),
                                scenarios: [Scenario(name: "kinds", timeout: 60, steps: steps)])
        let parsed = try ScenarioFileParser().parse(ScenarioFileEncoder.data(file), path: "kinds.json").scenarios[0].steps
        #expect(parsed.map(\.kind) == steps.map(\.kind))
        for (read, written) in zip(parsed, steps) {
            // A fault is the emulator's JSON object: compared as JSON, not as bytes.
            if case .emulator(.fault(let readBody)) = read, case .emulator(.fault(let writtenBody)) = written {
                #expect(NSDictionary(dictionary: try JSONSerialization.jsonObject(with: readBody) as? [String: Any] ?? [:])
                        == NSDictionary(dictionary: try JSONSerialization.jsonObject(with: writtenBody) as? [String: Any] ?? [:]))
            } else {
                #expect(read == written)
            }
        }
    }

    @Test("a real tenant's codeCommand: the last run of 4 to 10 digits it prints, with the flow's address in its environment")
    func codeCommandReadsTheCode() async {
        let result = await codeCommand("echo \"mail for $TOPHHIE_SCENARIO_EMAIL at 2026: your code is 482913\"", email: "a@example.com", timeout: 10)
        #expect((try? result.get()) == "482913")
        let seen = await codeCommand("echo $TOPHHIE_SCENARIO_EMAIL | tr -cd 'a-z@.'; echo ' 1234'", email: "qa@example.com", timeout: 10)
        #expect((try? seen.get()) == "1234")
        if case .failure(let problem) = await codeCommand("exit 3", email: "a@example.com", timeout: 10) {
            #expect(problem.description == "the codeCommand exited with status 3")
        } else {
            Issue.record("a failing command gave a code")
        }
        if case .failure(let problem) = await codeCommand("echo no code", email: "a@example.com", timeout: 10) {
            #expect(problem.description.contains("printed no code"))
        } else {
            Issue.record("a command without digits gave a code")
        }
    }

    @Test("on a terminal the live line shows each running scenario's step and elapsed time, and goes before a result line")
    func liveLine() {
        let printed = Printed()
        let progress = ScenarioProgress(live: true) { printed.add($0) }
        let id = progress.started("sign in", steps: 4)
        progress.step(id, index: 2)
        #expect(printed.all.hasSuffix("\r\u{1B}[K… sign in · step 3/4 · 0.0 s"))
        progress.finished(id, ScenarioResult(file: "f.json", name: "sign in", elapsed: 1.5, failure: nil, exchanges: []))
        #expect(printed.all.hasSuffix("\r\u{1B}[K✓ sign in  1.50 s\n"))
    }

    @Test("after an interruption the live line is erased before the summary, and a scenario still running prints nothing after it")
    func liveLineEndsWithTheRun() {
        let printed = Printed()
        let progress = ScenarioProgress(live: true) { printed.add($0) }
        let id = progress.started("waits", steps: 3)
        progress.end()
        #expect(printed.all.hasSuffix("… waits · step 1/3 · 0.0 s\r\u{1B}[K"))
        let ended = printed.all
        progress.step(id, index: 1)
        progress.finished(id, ScenarioResult(file: "f.json", name: "waits", elapsed: 9, failure: nil, exchanges: []))
        #expect(printed.all == ended)
    }
}

/// `--html`, `--shard K/N` and `run merge` on the example scenarios.
@Suite(.serialized) struct ScenarioShardRunTests {
    /// What a report says but for its times (JUnit `time` and `timestamp`, Markdown's time column).
    private static func withoutTimes(_ text: String) -> String {
        text.replacingOccurrences(of: #"(time|timestamp)="[^"]*""#, with: "$1=\"\"", options: .regularExpression)
            .replacingOccurrences(of: #"\| [0-9]+\.[0-9]{2} s \|"#, with: "| s |", options: .regularExpression)
    }

    private static func withoutTimes(_ run: ReportedRun) -> ReportedRun {
        var run = run
        for index in run.scenarios.indices { run.scenarios[index].milliseconds = 0 }
        return run
    }

    @Test("--shard 1/3, 2/3 and 3/3 run each example once, and their merged JUnit, Markdown and HTML are the whole run's but for times")
    func shardsMergeIntoTheWholeRun() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try exampleFiles()
        func options(_ name: String, shard: String?) throws -> ScenarioRunOptions {
            let into = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: into, withIntermediateDirectories: true)
            var options = reportingOptions(files: files, jobs: 2, into: into)
            options.htmlPath = into.appendingPathComponent("report.html").path
            options.shard = shard
            return options
        }
        let whole = try options("whole", shard: nil)
        let (code, output, errors) = await runScenarioCommand(whole)
        #expect(code == 0, "\(output)\(errors)")
        var reports: [String] = []
        var positions: [Int] = []
        for shard in 1...3 {
            let part = try options("shard-\(shard)", shard: "\(shard)/3")
            let (code, output, errors) = await runScenarioCommand(part)
            #expect(code == 0, "\(output)\(errors)")
            #expect(output.hasPrefix("shard \(shard)/3: "))
            #expect(try await schemaProblem(URL(fileURLWithPath: part.junitPath ?? "")) == nil)
            let junit = try JUnitReport.parse(String(contentsOfFile: part.junitPath ?? "", encoding: .utf8))
            positions += junit.suites.flatMap(\.cases).map(\.position)
            reports += [part.junitPath, part.reportPath, part.htmlPath].compactMap { $0 }
        }
        let total = try files.map { try ScenarioFileParser().load($0) }.flatMap(\.scenarios).count
        #expect(total == 17)
        #expect(positions.sorted() == Array(0..<total))

        let merged = folder.appendingPathComponent("merged")
        let printed = Printed()
        #expect(ReportMergeCommand.run(directory: merged.path, reports: reports, output: { printed.add($0) }, errors: { printed.add($0) }) == 0,
                "\(printed.all)")
        func read(_ path: String?) throws -> String { try String(contentsOfFile: path ?? "", encoding: .utf8) }
        let mergedJUnit = try read(merged.appendingPathComponent("junit.xml").path)
        #expect(Self.withoutTimes(mergedJUnit) == Self.withoutTimes(try read(whole.junitPath)))
        #expect(try await schemaProblem(merged.appendingPathComponent("junit.xml")) == nil)
        #expect(Self.withoutTimes(try read(merged.appendingPathComponent("report.md").path)) == Self.withoutTimes(try read(whole.reportPath)))
        let mergedRun = try HTMLReport.parse(read(merged.appendingPathComponent("report.html").path))
        #expect(Self.withoutTimes(mergedRun) == Self.withoutTimes(try HTMLReport.parse(read(whole.htmlPath))))
    }

    @Test("the HTML report of a run with one failing example opens in Chromium at its failing step, with no console error and no secret")
    func htmlReportInChromium() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(contentsOf: examples.appendingPathComponent("email-password.json"), encoding: .utf8)
        // A wrong expectation, and markup in the failing scenario's name, which must stay text.
        let name = #"a wrong code <img src=x onerror="document.title='owned'"> & </script> is "refused""#
        let broken = original.replacingOccurrences(of: "\"suberror\": \"invalid_oob_value\"", with: "\"suberror\": \"expired_oob_value\"")
            .replacingOccurrences(of: "\"a wrong code is refused and can be typed again\"",
                                  with: "\"" + name.replacingOccurrences(of: "\"", with: "\\\"") + "\"")
        try #require(broken.contains("expired_oob_value") && broken.contains("onerror"))
        let file = folder.appendingPathComponent("email-password.json")
        try broken.write(to: file, atomically: true, encoding: .utf8)
        var options = reportingOptions(files: [file.path], jobs: 3, into: folder)
        options.htmlPath = folder.appendingPathComponent("report.html").path
        let (code, output, errors) = await runScenarioCommand(options)
        #expect(code == 1, "\(output)\(errors)")
        let page = try String(contentsOfFile: options.htmlPath ?? "", encoding: .utf8)
        for secret in ["Blue-Harbor-7419!", "Coral-Tide-4821!", "Fresh-Meadow-9035!", "oob=00000000", "\"00000000\""] {
            #expect(!page.contains(secret), "the page holds \(secret)")
        }
        let script = repository.appendingPathComponent("Tests/ConsoleTests/Scripts/html_report.py").path
        let log = folder.appendingPathComponent("browser.out").path
        let status = await ChildProcess.runToEnd(["python3", script, options.htmlPath ?? "", name], outputPath: log, truncate: true)
        let checks = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(checks)")
        #expect(checks.contains("ok its failing step is visible"), "\(checks)")
    }
}
