import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import ScenarioRuns
import Testing

/// Report durations are written the one way CI publishers read them: seconds with a point and three decimals,
/// never negative, whatever `LC_NUMERIC` says; a suite's time is the sum of its cases' (field case 034).
@Suite struct ScenarioReportTimeTests {
    /// Scenario results of two files, one of them with a negative time (a wall clock stepped back) and one over
    /// 1000 s.
    let results = [
        ScenarioResult(file: "a.json", name: "quick", elapsed: 1.5, failure: nil, exchanges: []),
        ScenarioResult(file: "a.json", name: "slow", elapsed: 1234.5678, failure: nil, exchanges: []),
        ScenarioResult(file: "a.json", name: "clock stepped back", elapsed: -0.992, failure: nil, exchanges: []),
        ScenarioResult(file: "b.json", name: "short", elapsed: 0.1604, failure: nil, exchanges: []),
    ]

    /// Runs `body` on this thread under `de_DE.UTF-8` for numbers (decimal comma), then puts the locale back.
    func underDecimalComma<T>(_ body: () throws -> T) throws -> T {
        let german = newlocale(LC_NUMERIC_MASK, "de_DE.UTF-8", nil)
        try #require(german != nil, "de_DE.UTF-8 is missing: scripts/setup generates it")
        let previous = uselocale(german)
        defer {
            uselocale(previous)
            freelocale(german)
        }
        #expect(String(format: "%.1f", 1.5) == "1,5", "the locale is in force on this thread")
        return try body()
    }

    /// Every `time="…"` of the document.
    func times(_ xml: String) -> [String] {
        xml.components(separatedBy: "time=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    @Test("JUnit times match ^[0-9]+\\.[0-9]{3}$ under LC_NUMERIC=de_DE, none negative, suites are the sums of their cases")
    func junitTimes() throws {
        let xml = try underDecimalComma { JUnitReport.document(results, files: ["a.json", "b.json"]) }
        let all = times(xml)
        #expect(all.count == 7)
        for time in all {
            #expect(time.range(of: #"^[0-9]+\.[0-9]{3}$"#, options: .regularExpression) != nil, "time=\"\(time)\"")
        }
        // testsuites, suite a, its three cases, suite b, its case.
        #expect(all == ["1236.228", "1236.068", "1.500", "1234.568", "0.000", "0.160", "0.160"])
    }

    @Test("the Markdown table and the progress line write 1.50 s, not 1,50 s, under LC_NUMERIC=de_DE")
    func markdownAndProgress() throws {
        let report = try underDecimalComma { MarkdownReport.document(results) }
        #expect(report.contains("| ✓ passed | 1.50 s |") && report.contains("| 1234.57 s |") && report.contains("| 0.00 s |"))
        #expect(!report.contains(",50 s") && !report.contains("-0"))
        #expect(DurationText.seconds(.nan, decimals: 2) == "0.00" && DurationText.seconds(0.005, decimals: 2) == "0.01")
    }

    /// Each suite's `timestamp` is when its first scenario began, in local time without a zone (the JUnit schema's
    /// pattern); a suite none of whose scenarios began takes the run's start. Checked against the schema by xmllint.
    @Test("JUnit timestamp: the suite's first start in local time, no zone; a suite that never began: the run's start")
    func junitTimestamps() async throws {
        var started = results
        started[0].started = Date(timeIntervalSince1970: 1_773_480_401)  // 2026-03-14T09:26:41Z
        started[1].started = Date(timeIntervalSince1970: 1_773_480_000)  // 2026-03-14T09:20:00Z, the suite's first
        let kolkata = try #require(TimeZone(identifier: "Asia/Kolkata"))  // UTC+05:30, no daylight saving
        let xml = JUnitReport.document(started, files: ["a.json", "b.json"], runStarted: Date(timeIntervalSince1970: 1_773_479_000),
                                       timeZone: kolkata)
        let stamps = xml.components(separatedBy: "timestamp=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        #expect(stamps == ["2026-03-14T14:50:00", "2026-03-14T14:33:20"], "\(stamps)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(xml.utf8).write(to: file)
        #expect(try await schemaProblem(file) == nil)
    }
}
