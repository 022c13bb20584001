@testable import ConsoleCommandLine
import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import ScenarioRuns
import Synchronization
import Testing
import TestSupport

/// A `tophhie run` ended by a signal (a CI time-out's SIGTERM, Ctrl-C, SIGHUP) still writes both reports, with
/// every scenario accounted for, and exits 128 + the signal (field case 035).
@Suite struct ScenarioInterruptTests {
    /// Three scenarios of one file: the first passes, the second waits on an answer the emulator holds for a
    /// five minutes, the third never begins.
    static let file = """
        {"tenant": {"emulator": "email-otp"}, "scenarios": [
          {"name": "quick", "steps": [
            {"start": {"flow": "signIn", "email": "alex.kim@contoso.com"}}, {"expect": {"step": "codeEntry"}}]},
          {"name": "waits", "steps": [
            {"emulator": {"fault": {"endpoint": "/oauth2/v2.0/initiate", "kind": "delay", "seconds": 300}}},
            {"start": {"flow": "signIn", "email": "alex.kim@contoso.com"}}, {"expect": {"step": "codeEntry"}}]},
          {"name": "later", "steps": [
            {"start": {"flow": "signIn", "email": "alex.kim@contoso.com"}}, {"expect": {"step": "codeEntry"}}]}
        ]}
        """

    @Test("SIGTERM during the second scenario: exit 143 without waiting for the held answer, passed / interrupted / not run in both reports")
    func interruptedRunStillReports() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-interrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("a.json")
        try Self.file.write(to: scenarios, atomically: true, encoding: .utf8)
        let junit = folder.appendingPathComponent("out.xml")
        try "<earlier/>".write(to: junit, atomically: true, encoding: .utf8)
        var options = ScenarioRunOptions()
        options.files = [scenarios.path]
        options.junitPath = junit.path
        options.reportPath = folder.appendingPathComponent("out.md").path
        options.harDirectory = folder.path
        options.timeout = 300

        let printed = Mutex("")
        let interruption = RunInterruption()
        let fixed = options
        async let code = withCheckedContinuation { (done: CheckedContinuation<Int32, Never>) in
            Thread.detachNewThread {
                // Live output: its status line says when the second scenario has reached its held request.
                done.resume(returning: ScenarioCommand.run(fixed, output: { text in printed.withLock { $0 += text } }, errors: { _ in },
                                                           live: true, interruption: interruption))
            }
        }
        // The first scenario and the second's emulator come before that line: on a loaded CI machine they took
        // longer than 30 s, so the bound is the held answer's own five minutes, less a margin.
        let reached = await eventually(timeout: .seconds(240)) { printed.withLock { $0.contains("waits · step 2/3") } }
        let sent = ContinuousClock.now
        interruption.receive(SIGTERM)
        let status = await code
        let took = ContinuousClock.now - sent
        #expect(reached, "the second scenario reached its held request")
        #expect(status == 143)
        // Long before the held answer (five minutes) would have ended the scenario; the reports below say it was
        // cut short, which is the proof, since a busy machine stretches any wall-clock bound.
        #expect(took < .seconds(240), "reports written \(took) after the signal")

        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"tests="3" failures="0" errors="1" skipped="1""#), "\(xml)")
        #expect(xml.contains(#"<testcase name="quick" classname="a" time=""#) && xml.contains(#"name="quick" classname="a" time="#))
        #expect(xml.range(of: #"<error message="interrupted by SIGTERM at [0-9-]+T[0-9:]+Z" type="Interrupted">"#, options: .regularExpression) != nil)
        #expect(xml.contains(#"<skipped message="not run: interrupted"/>"#))
        #expect(!xml.contains("<failure"))
        let markdown = try String(contentsOfFile: options.reportPath ?? "", encoding: .utf8)
        #expect(markdown.contains("1 of 3 scenarios passed, 1 interrupted, 1 not run."))
        #expect(markdown.contains("| a.json | quick | ✓ passed |"))
        #expect(markdown.contains("| a.json | waits | ⚠ interrupted by SIGTERM at "))
        #expect(markdown.contains("| a.json | later | – not run: interrupted |"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !["a.json", "out.xml", "out.md"].contains($0) && !$0.hasSuffix(".har") }
        #expect(leftovers.isEmpty, "no temporary files left: \(leftovers)")
    }

    @Test("the exit status is 128 + the signal: 130 for SIGINT, 129 for SIGHUP; nothing runs after the signal")
    func statusFollowsTheSignal() async throws {
        for (signal, status) in [(SIGINT, Int32(130)), (SIGHUP, Int32(129))] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-interrupt-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Self.file.write(to: folder.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
            var options = ScenarioRunOptions()
            options.files = [folder.appendingPathComponent("a.json").path]
            options.junitPath = folder.appendingPathComponent("out.xml").path
            options.harDirectory = folder.path
            let interruption = RunInterruption()
            interruption.receive(signal)
            let fixed = options
            let code = await withCheckedContinuation { (done: CheckedContinuation<Int32, Never>) in
                Thread.detachNewThread {
                    done.resume(returning: ScenarioCommand.run(fixed, output: { _ in }, errors: { _ in }, live: false, interruption: interruption))
                }
            }
            #expect(code == status)
            let xml = try String(contentsOfFile: options.junitPath ?? "", encoding: .utf8)
            #expect(xml.components(separatedBy: "not run: interrupted").count == 4, "all three scenarios are reported as not run")
        }
    }
}

/// The same through the process's own signal handling: `tophhie run` under a real SIGTERM, as `timeout -s TERM`
/// sends it to a CI job.
@Suite struct ScenarioSignalProcessTests {
    @Test("a real SIGTERM to `tophhie run`: exit 143 without waiting for the held answer, both reports complete, the earlier out.xml replaced whole")
    func realSignal() async throws {
        let binary = RepositoryFiles.packageRoot.appendingPathComponent(".build/debug/tophhie")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "run `swift build` first")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try ScenarioInterruptTests.file.write(to: folder.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try "<earlier/>".write(to: folder.appendingPathComponent("out.xml"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = binary
        process.currentDirectoryURL = folder
        process.arguments = ["run", "a.json", "--junit", "out.xml", "--report", "out.md", "--har-dir", ".", "--timeout", "300"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first scenario's result line: the second is starting, and waits five minutes for its held answer.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("✓ quick") {
            let chunk = await output.fileHandleForReading.nextChunk()
            try #require(!chunk.isEmpty, "the run ended early: \(String(decoding: seen, as: UTF8.self))")
            seen.append(chunk)
        }
        let sent = ContinuousClock.now
        kill(process.processIdentifier, SIGTERM)
        await process.exited()
        #expect(ContinuousClock.now - sent < .seconds(240), "the run waited for the held answer instead of stopping")
        #expect(process.terminationStatus == 143)
        let xml = try String(contentsOf: folder.appendingPathComponent("out.xml"), encoding: .utf8)
        #expect(xml.hasPrefix("<?xml") && xml.hasSuffix("</testsuites>\n"), "complete, not the earlier file: \(xml)")
        #expect(xml.contains(#"tests="3" failures="0""#) && xml.contains(#"<testcase name="quick""#))
        #expect(xml.contains("not run: interrupted"), "the third scenario never began")
        let markdown = try String(contentsOf: folder.appendingPathComponent("out.md"), encoding: .utf8)
        #expect(markdown.contains("| a.json | quick | ✓ passed |"))
    }
}

/// A scenario the service throttled (AADSTS701014, no more codes for now) is its own outcome, so CI can tell it
/// from a fault of the product (field case 036).
@Suite struct ScenarioThrottledTests {
    static let file = """
        {"tenant": {"emulator": "email-otp"}, "scenarios": [
          {"name": "codes run out", "steps": [
            {"emulator": {"policy": {"otp.maxCodesPerAddress": 1}}},
            {"start": {"flow": "signIn", "email": "alex.kim@contoso.com"}}, {"expect": {"step": "codeEntry"}},
            {"start": {"flow": "signIn", "email": "alex.kim@contoso.com"}}, {"expect": {"step": "codeEntry"}}]}
        ]}
        """

    @Test("JUnit <error type=\"ServiceThrottled\">, Markdown ⚠ throttled by the service, exit 3")
    func throttledIsItsOwnOutcome() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-throttled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.file.write(to: folder.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        var options = ScenarioRunOptions()
        options.files = [folder.appendingPathComponent("t.json").path]
        options.junitPath = folder.appendingPathComponent("out.xml").path
        options.reportPath = folder.appendingPathComponent("out.md").path
        options.harDirectory = folder.path
        options.timeout = 300
        let fixed = options
        let code = await withCheckedContinuation { (done: CheckedContinuation<Int32, Never>) in
            Thread.detachNewThread {
                done.resume(returning: ScenarioCommand.run(fixed, output: { _ in }, errors: { _ in }, live: false, interruption: RunInterruption()))
            }
        }
        #expect(code == 3)
        let xml = try String(contentsOfFile: options.junitPath ?? "", encoding: .utf8)
        #expect(xml.contains(#"tests="1" failures="0" errors="1""#), "\(xml)")
        #expect(xml.contains(#"type="ServiceThrottled""#) && xml.contains("AADSTS701014") && !xml.contains("<failure"))
        let markdown = try String(contentsOfFile: options.reportPath ?? "", encoding: .utf8)
        #expect(markdown.contains("| t.json | codes run out | ⚠ throttled by the service |"))
    }
}
