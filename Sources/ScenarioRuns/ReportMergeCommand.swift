import ConsoleCommandLine
import EnrolmentFiles
import Foundation
import ScenarioFiles

/// `tophhie run merge OUTDIR REPORT…`: the reports of a run's shards (`--shard K/N`) joined into the whole run's.
///
/// Each REPORT is a JUnit, Markdown or HTML report of one shard, told apart by its content; for each kind given,
/// every shard 1…N must be there once, and OUTDIR gets `junit.xml`, `report.md` or `report.html` with the
/// scenarios in the whole run's order, as one run of all the files would have written them (but for the times).
/// Exit codes: 0 written; 2 a report cannot be read, is not a shard's, a shard is missing or twice, or OUTDIR
/// cannot be written (nothing is written then).
public enum ReportMergeCommand {
    /// - Parameters:
    ///   - output: receives one line per report written.
    ///   - errors: receives each problem line.
    /// - Returns: the exit code.
    public static func run(directory: String, reports: [String],
                           output: (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
                           errors: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) -> Int32 {
        var junit: [(path: String, report: JUnitReport.Parsed)] = []
        var markdown: [(path: String, rows: [MarkdownReport.Row], shard: ScenarioShard?)] = []
        var html: [(path: String, run: ReportedRun)] = []
        var written: [(name: String, text: String)] = []
        do {
            for path in reports {
                let text: String
                do {
                    text = try String(contentsOfFile: path, encoding: .utf8)
                } catch {
                    throw UnreadableReport(description: "\(path): \(error.localizedDescription)")
                }
                do {
                    if text.hasPrefix("<?xml") {
                        junit.append((path, try JUnitReport.parse(text)))
                    } else if text.hasPrefix("<!DOCTYPE html>") {
                        html.append((path, try HTMLReport.parse(text)))
                    } else if text.hasPrefix("# Scenario run") {
                        let parsed = try MarkdownReport.parse(text)
                        markdown.append((path, parsed.rows, parsed.shard))
                    } else {
                        throw UnreadableReport(description: "not a JUnit, Markdown or HTML report of tophhie run")
                    }
                } catch {
                    throw UnreadableReport(description: "\(path): \(error)")
                }
            }
            if !junit.isEmpty {
                try checkShards(junit.map { ($0.path, $0.report.shard) }, kind: "JUnit")
                let first = junit[0].report
                guard junit.allSatisfy({ $0.report.suites.map(\.name) == first.suites.map(\.name) }) else {
                    throw UnreadableReport(description: "the JUnit reports are of different scenario files; give every shard the same FILEs")
                }
                let suites = first.suites.indices.map { index in
                    // A suite began when it began in the shard that started it first (same-zone, fixed-width times).
                    JUnitReport.Suite(name: first.suites[index].name,
                                      timestamp: junit.map { $0.report.suites[index].timestamp }.filter { !$0.isEmpty }.min() ?? "",
                                      cases: junit.flatMap { $0.report.suites[index].cases }.sorted { $0.position < $1.position })
                }
                try checkPositions(suites.flatMap(\.cases).map(\.position), kind: "JUnit")
                written.append(("junit.xml", JUnitReport.document(suites, shard: nil)))
            }
            if !markdown.isEmpty {
                try checkShards(markdown.map { ($0.path, $0.shard) }, kind: "Markdown")
                let rows = markdown.flatMap(\.rows).sorted { $0.position < $1.position }
                try checkPositions(rows.map(\.position), kind: "Markdown")
                written.append(("report.md", MarkdownReport.document(rows, shard: nil)))
            }
            if !html.isEmpty {
                try checkShards(html.map { ($0.path, $0.run.shard.flatMap(ScenarioShard.init)) }, kind: "HTML")
                guard html.allSatisfy({ $0.run.files == html[0].run.files }) else {
                    throw UnreadableReport(description: "the HTML reports are of different scenario files; give every shard the same FILEs")
                }
                let scenarios = html.flatMap(\.run.scenarios).sorted { $0.position < $1.position }
                try checkPositions(scenarios.map(\.position), kind: "HTML")
                written.append(("report.html", HTMLReport.document(ReportedRun(shard: nil, files: html[0].run.files, scenarios: scenarios))))
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw UnreadableReport(description: "\(directory): that is a file; name a folder for the merged reports.")
            }
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch let error as UnreadableReport {
            errors("tophhie run merge: \(error.description)")
            return 2
        } catch {
            errors("tophhie run merge: \(directory): \(error.localizedDescription)")
            return 2
        }
        var status: Int32 = 0
        for (name, text) in written {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
            do {
                try AtomicFile.replace(path, with: Array(text.utf8))
                output("\(path)\n")
            } catch {
                errors("tophhie run merge: could not write \(path): \(error.localizedDescription)")
                status = 2
            }
        }
        return status
    }

    /// Every report of a kind is a shard's, of one N, and shards 1…N are each there once.
    private static func checkShards(_ shards: [(path: String, shard: ScenarioShard?)], kind: String) throws(UnreadableReport) {
        for (path, shard) in shards where shard == nil {
            throw UnreadableReport(description: "\(path): a whole run's report, not a shard's (written without --shard K/N)")
        }
        let count = shards[0].shard?.count ?? 0
        if let other = shards.first(where: { $0.shard?.count != count }) {
            throw UnreadableReport(description: "\(other.path) is a shard of \(other.shard?.count ?? 0), \(shards[0].path) of \(count)")
        }
        let given = shards.compactMap { $0.shard?.index }
        if let twice = given.first(where: { index in given.filter { $0 == index }.count > 1 }) {
            throw UnreadableReport(description: "two \(kind) reports of shard \(twice)/\(count)")
        }
        let missing = (1...count).filter { !given.contains($0) }
        guard missing.isEmpty else {
            throw UnreadableReport(description: "no \(kind) report of shard \(missing.map { "\($0)/\(count)" }.joined(separator: ", "))")
        }
    }

    /// No scenario in two shards: the shards were not of one run's FILEs.
    private static func checkPositions(_ sorted: [Int], kind: String) throws(UnreadableReport) {
        guard Set(sorted).count == sorted.count else {
            throw UnreadableReport(description: "the \(kind) reports hold a scenario twice; give every shard the same FILEs")
        }
    }
}
