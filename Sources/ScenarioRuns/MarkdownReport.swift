import ConsoleCommandLine
import Foundation
import ScenarioFiles
import TerminalUI

/// The Markdown report: a table of every scenario, then each failure with its step and the exchange that
/// showed it (request and response, secrets redacted by the framework). A shard's report ends with an HTML
/// comment naming the shard and its rows' places in the whole run, which `tophhie run merge` reads back
/// (``parse(_:)``); Markdown viewers show nothing of it.
enum MarkdownReport {
    /// One table row and, for a scenario that failed or was throttled, its section.
    struct Row: Equatable, Sendable {
        /// The row as written (`| file | name | ✓ passed | 1.20 s |`).
        var line: String
        var outcome: ScenarioResult.Outcome
        /// ``ScenarioResult/position``.
        var position: Int
        /// The section's lines from its `##` heading; nil when it has none.
        var section: [String]?
    }

    /// - Parameter files: the run's scenario files as given (``ReportFileName``); by default those of `results`.
    static func document(_ results: [ScenarioResult], files: [String]? = nil, shard: ScenarioShard? = nil) -> String {
        document(results.map { row($0, among: files ?? results.map(\.file)) }, shard: shard)
    }

    private static func row(_ result: ScenarioResult, among files: [String]) -> Row {
        let line = "| \(cell(ReportFileName.of(result.file, among: files))) | \(cell(result.name)) | "
            + "\(cell(ScenarioProgress.mark(result.outcome) + " " + result.verdict)) | \(DurationText.seconds(result.elapsed, decimals: 2)) s |"
        guard let failure = result.failure else { return Row(line: line, outcome: result.outcome, position: result.position) }
        var lines = ["## \(ScenarioProgress.mark(result.outcome)) \(cell(result.name))", "",
                     "\(cell(result.file)), \(cell(failure.headline))"]
        if let har = result.harPath { lines += ["", "HAR: `\(PrintableText.make(har))`"] }
        if let exchange = failure.exchange {
            // A fence longer than any backtick run inside, so a body cannot close it.
            let text = ExchangeText.text(exchange)
            let fence = String(repeating: "`", count: max(3, longestBacktickRun(text) + 1))
            lines += ["", fence + "http", text, fence]
        }
        if let log = failure.signInLog {
            lines += ["", "The tenant's sign-in log:", "", "```"] + log.map { PrintableText.make($0).replacingOccurrences(of: "`", with: "'") } + ["```"]
        }
        return Row(line: line, outcome: result.outcome, position: result.position, section: lines)
    }

    static func document(_ rows: [Row], shard: ScenarioShard?) -> String {
        var lines = ["# Scenario run", "", "\(ScenarioResult.Outcome.headline(rows.map(\.outcome))).", "",
                     "| File | Scenario | Result | Time |", tableRule] + rows.map(\.line)
        for case let section? in rows.map(\.section) { lines += [""] + section }
        if let shard { lines += ["", "\(shardComment)\(shard.text), positions \(rows.map { String($0.position) }.joined(separator: " ")) -->"] }
        return lines.joined(separator: "\n") + "\n"
    }

    private static let tableRule = "| --- | --- | --- | --- |"
    private static let shardComment = "<!-- tophhie run shard "

    /// Reads a report this type wrote back into its rows and, for a shard's, the shard.
    /// - Throws: ``UnreadableReport`` saying what is wrong.
    static func parse(_ text: String) throws(UnreadableReport) -> (rows: [Row], shard: ScenarioShard?) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "# Scenario run", let rule = lines.firstIndex(of: tableRule) else {
            throw UnreadableReport(description: "not a tophhie run Markdown report (no scenario table)")
        }
        var shard: ScenarioShard?
        var positions: [Int]?
        while lines.last == "" { lines.removeLast() }
        if let last = lines.last, last.hasPrefix(shardComment), last.hasSuffix(" -->") {
            let body = last.dropFirst(shardComment.count).dropLast(4).split(separator: ",", maxSplits: 1)
            shard = body.first.flatMap { ScenarioShard(String($0)) }
            let numbers = body.dropFirst().first.map { $0.split(separator: " ").dropFirst().map { Int($0) } } ?? []
            guard shard != nil, numbers.allSatisfy({ $0 != nil }) else { throw UnreadableReport(description: "its shard comment is damaged") }
            positions = numbers.compactMap { $0 }
            lines.removeLast()
            while lines.last == "" { lines.removeLast() }
        }
        var rows: [Row] = []
        var index = rule + 1
        while index < lines.count, lines[index].hasPrefix("| ") {
            let cells = lines[index].components(separatedBy: " | ")
            guard cells.count == 4 else { throw UnreadableReport(description: "table row \(rows.count + 1) does not have four cells") }
            guard let outcome = ScenarioResult.Outcome.allCases.first(where: { cells[2].hasPrefix(cell(ScenarioProgress.mark($0) + " " + $0.word)) }) else {
                throw UnreadableReport(description: "table row \(rows.count + 1) has no result tophhie run writes")
            }
            rows.append(Row(line: lines[index], outcome: outcome,
                            position: positions.map { rows.count < $0.count ? $0[rows.count] : -1 } ?? rows.count))
            index += 1
        }
        guard positions == nil || positions?.count == rows.count else { throw UnreadableReport(description: "its shard comment does not match its table") }
        // Sections: from a `## ` line outside a fence to the blank line before the next, in the order of the rows that failed.
        var sections: [[String]] = []
        var fence: String?
        for line in lines[index...] {
            if let open = fence {
                if line == open { fence = nil }
            } else if line.hasPrefix("```") {
                fence = String(line.prefix { $0 == "`" })
            } else if line.hasPrefix("## ") {
                if sections.last?.last == "" { sections[sections.count - 1].removeLast() }
                sections.append([])
            }
            if !sections.isEmpty { sections[sections.count - 1].append(line) }
        }
        let failing = rows.indices.filter { [.failed, .throttled].contains(rows[$0].outcome) }
        guard failing.count == sections.count else { throw UnreadableReport(description: "its failure sections do not match its table") }
        for (row, section) in zip(failing, sections) { rows[row].section = section }
        return (rows, shard)
    }

    private static func cell(_ text: String) -> String { MarkdownText.inline(text) }

    private static func longestBacktickRun(_ text: String) -> Int { text.split { $0 != "`" }.map(\.count).max() ?? 0 }
}
