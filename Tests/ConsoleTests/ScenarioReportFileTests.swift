@testable import ConsoleCommandLine
import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import ScenarioRuns
import Testing

/// Where `tophhie run` writes its reports, and what the reports call the files: a report never destroys what is at
/// its path (a device, a link, a scenario file, another report), and every scenario is counted and named once.
@Suite struct ScenarioReportFileTests {
    static let passing = """
        {"tenant": {"emulator": "email-otp"}, "scenarios": [
          {"name": "quick", "steps": [
            {"start": {"flow": "signIn", "email": "alex.kim@contoso.com"}}, {"expect": {"step": "codeEntry"}}]}
        ]}
        """

    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-reports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func options(_ files: [URL], in folder: URL) -> ScenarioRunOptions {
        var options = ScenarioRunOptions()
        options.files = files.map(\.path)
        options.harDirectory = folder.path
        return options
    }

    private func kind(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    @Test("a report that cannot be written is named and the other reports are still written, with exit 2")
    func oneUnwritableReportLosesNoneOfTheOthers() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("pass.json")
        try Self.passing.write(to: scenarios, atomically: true, encoding: .utf8)
        var options = options([scenarios], in: folder)
        options.junitPath = "/dev/full"  // the first report written; every write to it fails (ENOSPC)
        options.reportPath = folder.appendingPathComponent("run.md").path
        options.htmlPath = folder.appendingPathComponent("run.html").path
        let (code, _, errors) = await runScenarioCommand(options)
        #expect(code == 2)
        #expect(errors.contains("could not write /dev/full"), "\(errors)")
        #expect(try String(contentsOfFile: options.reportPath ?? "", encoding: .utf8).contains("1 of 1 scenarios passed."))
        #expect(try String(contentsOfFile: options.htmlPath ?? "", encoding: .utf8).contains("1 of 1 scenarios passed"))
    }

    @Test("a HAR's name keeps a scenario name's letters in any script, accents folded, within 60 bytes")
    func harNamesKeepNonASCIINames() {
        #expect(ScenarioRunner.slug("Anmeldung über E-Mail") == "anmeldung-uber-e-mail")
        #expect(ScenarioRunner.slug("Inscription réussie !") == "inscription-reussie")
        #expect(ScenarioRunner.slug("登録 テスト") == "登録-テスト")
        #expect(ScenarioRunner.slug(String(repeating: "登", count: 40)).utf8.count <= 60)
        #expect(ScenarioRunner.slug("?!") == "scenario")
    }

    @Test("a report to a link writes the link's target; a report to a FIFO goes through it; neither is replaced by a plain file")
    func linksAndFIFOsAreWrittenThrough() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("pass.json")
        try Self.passing.write(to: scenarios, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("real"), withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("link.xml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/target.xml")
        let fifo = folder.appendingPathComponent("report.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader a pipe needs, as a CI log collector would be; opened without waiting for a writer.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }

        var options = options([scenarios], in: folder)
        options.junitPath = link
        options.reportPath = fifo
        let (code, _, errors) = await runScenarioCommand(options)
        #expect(code == 0, "\(errors)")
        #expect(kind(link) == S_IFLNK, "the link is still a link")
        let target = try String(contentsOfFile: folder.appendingPathComponent("real/target.xml").path, encoding: .utf8)
        #expect(target.contains(#"<testcase name="quick""#))
        #expect(kind(fifo) == S_IFIFO, "the FIFO is still a FIFO")
        // The report waits in the pipe (far less than its 64 KiB), written whole before the run ended.
        var bytes = [UInt8](repeating: 0, count: 65_536)
        let count = read(reader, &bytes, bytes.count)
        #expect(String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self).contains("| pass.json | quick | ✓ passed |"))
    }

    @Test("a report named as a scenario file or as another report is refused before anything runs; /dev/null takes any number")
    func aReportNeverReplacesAnInputOrAnotherReport() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("f.json")
        try Self.passing.write(to: scenarios, atomically: true, encoding: .utf8)

        var overInput = options([scenarios], in: folder)
        overInput.reportPath = "\(folder.path)/./f.json"
        let (code, _, errors) = await runScenarioCommand(overInput)
        #expect(code == 2)
        #expect(errors.contains("--report \(folder.path)/./f.json: it is the scenario file \(scenarios.path) of this run, which the report would replace"), "\(errors)")
        #expect(try String(contentsOf: scenarios, encoding: .utf8) == Self.passing, "the scenario file is as it was")

        var twice = options([scenarios], in: folder)
        twice.junitPath = folder.appendingPathComponent("same.out").path
        twice.reportPath = twice.junitPath
        let (twiceCode, _, twiceErrors) = await runScenarioCommand(twice)
        #expect(twiceCode == 2)
        #expect(twiceErrors.contains("it is the --junit report, which the report would replace"), "\(twiceErrors)")

        var discarded = options([scenarios], in: folder)
        discarded.junitPath = "/dev/null"
        discarded.reportPath = "/dev/null"
        let (discardedCode, _, discardedErrors) = await runScenarioCommand(discarded)
        #expect(discardedCode == 0, "\(discardedErrors)")
        #expect(kind("/dev/null") == S_IFCHR)
    }

    @Test("a file named twice runs once and JUnit counts it once; two files of one name in two folders stay apart")
    func filesAreCountedAndNamedOnce() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            try Self.passing.write(to: folder.appendingPathComponent("\(sub)/smoke.json"), atomically: true, encoding: .utf8)
        }
        let a = folder.appendingPathComponent("a/smoke.json")
        var options = options([a, folder.appendingPathComponent("a/../a/smoke.json"), folder.appendingPathComponent("b/smoke.json")], in: folder)
        options.junitPath = folder.appendingPathComponent("out.xml").path
        options.reportPath = folder.appendingPathComponent("out.md").path
        let (code, output, errors) = await runScenarioCommand(options)
        #expect(code == 0, "\(errors)")
        #expect(output.contains("2 of 2 scenarios passed ("), "\(output)")
        let xml = try String(contentsOfFile: options.junitPath ?? "", encoding: .utf8)
        #expect(xml.contains(#"<testsuites name="tophhie run" tests="2""#), "\(xml)")
        #expect(xml.contains(#"<testsuite name="\#(folder.path)/a/smoke""#) && xml.contains(#"<testsuite name="\#(folder.path)/b/smoke""#), "\(xml)")
        let markdown = try String(contentsOfFile: options.reportPath ?? "", encoding: .utf8)
        #expect(markdown.contains("| \(folder.path)/a/smoke.json | quick |") && markdown.contains("| \(folder.path)/b/smoke.json | quick |"), "\(markdown)")
    }

    @Test("a scenario's name is shown as typed in the Markdown report: no raw HTML, emphasis or link reaches the renderer")
    func markdownIsInert() {
        let name = "<img src=x onerror=alert(1)> *md* [x](http://e.test) `c` a|b"
        let result = ScenarioResult(file: "a.json", name: name, position: 0, steps: [], elapsed: 1,
                                    failure: ScenarioFailure(stepIndex: 0, stepKind: "expect", message: "got <b>&amp;</b>"), exchanges: [])
        let markdown = MarkdownReport.document([result])
        #expect(markdown.contains(#"| a.json | \<img src=x onerror=alert(1)\> \*md\* \[x\](http://e.test) \`c\` a\|b | ✗ failed |"#), "\(markdown)")
        #expect(markdown.contains(#"## ✗ \<img src=x onerror=alert(1)\>"#))
        #expect(markdown.contains(#"got \<b\>\&amp;\</b\>"#))
        #expect(markdown.range(of: #"(?<!\\)[<*\[`]"#, options: .regularExpression) == nil, "no unescaped tag, emphasis, link or code")
    }
}
