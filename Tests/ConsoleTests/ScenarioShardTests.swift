@testable import ConsoleCommandLine
import Foundation
@testable import ScenarioFiles
@testable import ScenarioRuns
import Testing
import TophhieCloudAuthentication

/// `--shard K/N` splits, and each report read back by `tophhie run merge` (``JUnitReport/parse(_:)``,
/// ``MarkdownReport/parse(_:)``, ``HTMLReport/parse(_:)``) writes what the whole run wrote.
@Suite struct ScenarioShardTests {
    private static func entries(_ names: [(String, String, Int?)]) -> [ScenarioShard.Entry] {
        names.map { ScenarioShard.Entry(file: $0.0, name: $0.1, milliseconds: $0.2) }
    }

    @Test("without durations the scenarios go round the shards in file-and-name order, whatever order they came in")
    func splitByFileAndName() {
        let given = Self.entries([("b.json", "sign in", nil), ("a.json", "reset", nil), ("a.json", "mfa", nil), ("b.json", "sign up", nil),
                                  ("a.json", "attributes", nil)])
        // Sorted: a/attributes, a/mfa, a/reset, b/sign in, b/sign up → shards 1, 2, 3, 1, 2.
        #expect(ScenarioShard.assign(given, count: 3) == [1, 3, 2, 2, 1])
        let reversed = ScenarioShard.assign(Array(given.reversed()), count: 3)
        #expect(Array(reversed.reversed()) == [1, 3, 2, 2, 1])
    }

    @Test("with durations: longest first onto the least loaded shard, ties to the lower shard; an unknown one counts as the mean")
    func balancedByDuration() {
        let given = Self.entries([("a.json", "one", 1_000), ("a.json", "two", 9_000), ("a.json", "three", 4_000), ("b.json", "four", 4_000),
                                  ("b.json", "five", 3_000), ("b.json", "new", nil)])
        // Mean of the known: 4 200 ms for "new". Order: two 9000, new 4200, three 4000 (a before b), four 4000, five 3000, one 1000.
        // two → 1 (9000); new → 2 (4200); three → 2 (8200); four → 2 (12200); five → 1 (12000); one → 1 (13000).
        #expect(ScenarioShard.assign(given, count: 2) == [1, 1, 2, 2, 1, 2])
        let loads = (1...2).map { shard in zip(given, ScenarioShard.assign(given, count: 2)).filter { $0.1 == shard }.map { $0.0.milliseconds ?? 4_200 }.reduce(0, +) }
        #expect(loads == [13_000, 12_200])
    }

    @Test("K/N is read strictly")
    func shardText() {
        #expect(ScenarioShard("2/3") == ScenarioShard("2/3"))
        #expect(ScenarioShard("2/3")?.text == "2/3")
        for bad in ["0/3", "4/3", "3", "/3", "1/", "1/0", "1/101", "a/b", "1/3/3", " 1/3", "+1/3"] {
            #expect(ScenarioShard(bad) == nil, "\(bad)")
        }
    }
}

/// Reports written for a shard and read back give the whole run's documents.
@Suite struct ReportReadBackTests {
    /// A passed, a failed (its answer holding what would break a careless reader: a `##` line, backticks, markup)
    /// and a throttled scenario, over two files.
    private static func results() -> [ScenarioResult] {
        let request = HTTPRequest(url: URL(string: "https://contoso.ciamlogin.com/t/oauth2/v2.0/token")!,
                                  headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                  body: Data("grant_type=oob&oob=12345678&continuation_token=abc".utf8))
        let body = ###"{"error":"invalid_grant","suberror":"invalid_oob_value","error_codes":[50181],"correlation_id":"1c9e","note":"## not a heading ``` </script><!-- <b>"}"###
        let exchange = ObservedExchange(startedAt: Date(timeIntervalSince1970: 1_800_000_000), duration: 0.012, request: request,
                                        response: HTTPResponse(status: 400, body: Data(body.utf8)), failure: nil)
        var failed = ScenarioResult(file: "cases/a.json", name: "a wrong | code <img src=x>", position: 1,
                                    steps: ["start signIn as a@b.c", "answer a code given in the file", "expect suberror expired_oob_value"],
                                    elapsed: 1.25, failure: nil, exchanges: [exchange], harPath: "out/a.har")
        failed.failure = ScenarioFailure(stepIndex: 2, stepKind: "expect", message: "expected suberror expired_oob_value, got invalid_oob_value",
                                         exchange: exchange, signInLog: ["Status: failure", "Reason: `wrong` code"])
        var throttled = ScenarioResult(file: "cases/b.json", name: "sign up", position: 2, steps: ["start signUp"], elapsed: 0.5, failure: nil, exchanges: [])
        throttled.failure = ScenarioFailure(stepIndex: 0, stepKind: "start", message: "AADSTS701014", serviceThrottled: true)
        let passed = ScenarioResult(file: "cases/a.json", name: "sign in", position: 0, steps: ["start signIn"], elapsed: 0.75, failure: nil, exchanges: [])
        return [passed, failed, throttled]
    }

    @Test("JUnit: a shard's report read back is the whole run's")
    func junit() throws {
        let files = ["cases/a.json", "cases/b.json"]
        let results = Self.results()
        let stamp = Date(timeIntervalSince1970: 1_800_000_000)
        let whole = JUnitReport.document(results, files: files, runStarted: stamp)
        let shard = JUnitReport.document(results, files: files, shard: ScenarioShard("1/1"), runStarted: stamp)
        #expect(shard.contains("<property name=\"tophhie.positions\" value=\"0 1\"/>"))
        let parsed = try JUnitReport.parse(shard)
        #expect(parsed.shard == ScenarioShard("1/1"))
        #expect(JUnitReport.document(parsed.suites, shard: nil) == whole)
        #expect(try JUnitReport.parse(whole).suites == parsed.suites)
        // Another writer's shape, as --durations may be given: an empty <failure/>, attributes in another order.
        let foreign = try JUnitReport.parse("""
            <?xml version="1.0"?><testsuites><testsuite name="a" tests="2"><testcase classname="a" name="x &amp; y" time="2.5">\
            <failure message="no"/></testcase><testcase time="0.25" name="z" classname="a"/></testsuite></testsuites>
            """)
        #expect(foreign.suites.flatMap(\.cases).map(\.milliseconds) == [2_500, 250])
        #expect(foreign.suites.flatMap(\.cases).map(\.name) == ["x & y", "z"])
        #expect(throws: UnreadableReport(description: "not a JUnit report (no <testsuites>)")) { try JUnitReport.parse("hello") }
    }

    @Test("Markdown: a shard's report read back is the whole run's, each failure's section with its row")
    func markdown() throws {
        let results = Self.results()
        let shard = MarkdownReport.document(results, shard: ScenarioShard("2/2"))
        #expect(shard.hasSuffix("<!-- tophhie run shard 2/2, positions 0 1 2 -->\n"))
        let parsed = try MarkdownReport.parse(shard)
        #expect(parsed.shard == ScenarioShard("2/2"))
        #expect(parsed.rows.map(\.position) == [0, 1, 2])
        #expect(MarkdownReport.document(parsed.rows, shard: nil) == MarkdownReport.document(results))
    }

    @Test("HTML: text from outside is escaped, the embedded JSON cannot close its element, and it reads back whole")
    func html() throws {
        let run = ReportedRun(Self.results(), files: ["cases/a.json", "cases/b.json"], shard: ScenarioShard("1/3"))
        let page = HTMLReport.document(run)
        #expect(!page.contains("<img"))
        #expect(page.contains("a wrong | code &lt;img src=x&gt;"))
        #expect(page.contains("Reason: `wrong` code"))
        #expect(!page.contains("12345678"))
        // The only `</script>` and no `<!--` after the data block opens: a value cannot end it early.
        let data = try #require(page.range(of: "<script type=\"application/json\""))
        #expect(page[data.lowerBound...].components(separatedBy: "</script>").count == 2)
        #expect(!page[data.lowerBound...].contains("<!--"))
        #expect(page.contains("<details class=\"scenario failed\" id=\"scenario-2\" open>"))
        #expect(page.contains("<li class=\"failing\" id=\"scenario-2-failing-step\"><details open>"))
        #expect(page.contains("<details class=\"scenario passed\" id=\"scenario-1\">"))
        #expect(page.contains("<dt>Correlation id</dt><dd>1c9e</dd>"))
        #expect(page.contains("invalid_grant, suberror invalid_oob_value, AADSTS50181"))
        #expect(try HTMLReport.parse(page) == run)
    }

    @Test("a step's summary leaves out the passwords and codes it types")
    func stepSummariesKeepNoSecret() {
        let steps: [ScenarioStep] = [
            .start(FlowStart(flow: .signUp, email: "new@contoso.com", password: .value("Coral-Tide-4821!"), attributes: ["city": "Oslo"])),
            .answer(.code(.value("48213957"))), .answer(.password(.value("Fresh-Meadow-9035!"))),
        ]
        #expect(steps.map(\.summary) == ["start signUp as new@contoso.com with a password, attributes city",
                                          "answer a code given in the file", "answer a new password"])
    }

    @Test("merge refuses a missing shard, a shard given twice and a whole run's report, and writes nothing")
    func mergeRefusals() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = Self.results()
        func write(_ name: String, _ text: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let one = try write("1.xml", JUnitReport.document([results[0]], files: ["cases/a.json", "cases/b.json"], shard: ScenarioShard("1/3")))
        let two = try write("2.xml", JUnitReport.document([results[1]], files: ["cases/a.json", "cases/b.json"], shard: ScenarioShard("2/3")))
        let whole = try write("whole.md", MarkdownReport.document(results))
        let other = try write("notes.txt", "hello")
        let out = folder.appendingPathComponent("merged").path
        for (reports, message) in [([one, two], "no JUnit report of shard 3/3"), ([one, one], "two JUnit reports of shard 1/3"),
                                   ([whole], "\(whole): a whole run's report, not a shard's (written without --shard K/N)"),
                                   ([other], "\(other): not a JUnit, Markdown or HTML report of tophhie run")] {
            let errors = Printed()
            #expect(ReportMergeCommand.run(directory: out, reports: reports, output: { _ in }, errors: { errors.add($0) }) == 2)
            #expect(errors.all == "tophhie run merge: \(message)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
