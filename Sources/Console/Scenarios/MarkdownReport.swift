import Foundation
import TerminalUI

/// The Markdown report: a table of every scenario, then each failure with its step and the exchange that
/// showed it (request and response, secrets redacted by the framework).
enum MarkdownReport {
    static func document(_ results: [ScenarioResult]) -> String {
        let failed = results.filter { $0.failure != nil }
        var lines = ["# Scenario run", "", "\(results.filter(\.passed).count) of \(results.count) scenarios passed.", "",
                     "| File | Scenario | Result | Time |", "| --- | --- | --- | --- |"]
        for result in results {
            lines.append("| \(cell(URL(fileURLWithPath: result.file).lastPathComponent)) | \(cell(result.name)) | "
                         + "\(cell(outcome(result))) | \(DurationText.seconds(result.elapsed, decimals: 2)) s |")
        }
        for result in failed {
            guard let failure = result.failure else { continue }
            lines += ["", "## \(ScenarioProgress.mark(result.outcome)) \(PrintableText.make(result.name))", "", "\(PrintableText.make(result.file)), \(PrintableText.make(failure.headline))"]
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
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `✓ passed`, `✗ failed`, `⚠ throttled by the service`, `⚠ interrupted by SIGTERM at …`, `– not run: interrupted`.
    private static func outcome(_ result: ScenarioResult) -> String {
        let mark = ScenarioProgress.mark(result.outcome)
        switch result.interruption {
        case .during(let signal, let at): return "\(mark) interrupted by \(signal) at \(at)"
        case .notRun: return "\(mark) not run: interrupted"
        case nil: break
        }
        switch result.outcome {
        case .passed: return "\(mark) passed"
        case .throttled: return "\(mark) throttled by the service"
        default: return "\(mark) failed"
        }
    }

    /// Table cell text: printable, with pipes escaped.
    private static func cell(_ text: String) -> String {
        PrintableText.make(text).replacingOccurrences(of: "|", with: "\\|")
    }

    private static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
