import Foundation
import ScenarioFiles

/// `tophhie run --html FILE`: one self-contained page (no script, no outside asset; a Content-Security-Policy
/// that allows none), readable from disk or a CI artifact. Every scenario is a `<details>` of its steps; a scenario
/// that did not pass is open, and so is its failing step, which shows the headline, the error code and correlation
/// id, the tenant's sign-in log entry (`--account`) and the exchanges that led to it as a timeline, each one's
/// redacted request and response behind its own `<details>`. The run's data is embedded as JSON
/// (``ReportedRun``) for `tophhie run merge`. All text from outside is HTML-escaped.
enum HTMLReport {
    /// The `id` of the embedded JSON's `<script>` element.
    static let dataID = "tophhie-run"

    static func document(_ run: ReportedRun) -> String {
        var summary = ScenarioResult.Outcome.headline(run.scenarios.map(\.outcome))
        if let shard = run.shard { summary += " (shard \(shard))" }
        var html = [
            "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">", "<link rel=\"icon\" href=\"data:,\">",
            "<title>Scenario run: \(escape(summary))</title>", "<style>\(style)</style>", "</head>", "<body>",
            "<h1>Scenario run</h1>", "<p id=\"summary\">\(escape(summary)).</p>",
        ]
        for scenario in run.scenarios { html += self.scenario(scenario, among: run.files) }
        html += ["<script type=\"application/json\" id=\"\(dataID)\">\(run.embeddedJSON())</script>", "</body>", "</html>"]
        return html.joined(separator: "\n") + "\n"
    }

    private static let style = "body{font:14px/1.45 system-ui,sans-serif;margin:1.5em;color:#222}summary{cursor:pointer}"
        + ".scenario{margin:.3em 0;padding-left:.5em;border-left:4px solid #2a7}.failed,.interrupted{border-color:#c33}"
        + ".throttled,.notRun{border-color:#c90}.file,.time{color:#666}li.failing{color:#c33}li.failing>details>*{color:#222}"
        + "li.unreached{color:#888}pre{background:#f4f4f4;padding:.5em;white-space:pre-wrap;overflow-wrap:anywhere}dt{font-weight:bold}"

    private static func scenario(_ scenario: ReportedRun.Scenario, among files: [String]) -> [String] {
        let id = "scenario-\(scenario.position + 1)"
        var html = ["<details class=\"scenario \(scenario.outcome.rawValue)\" id=\"\(id)\"\(scenario.outcome == .passed ? "" : " open")>",
                    "<summary>\(ScenarioProgress.mark(scenario.outcome)) \(escape(scenario.name)) <span class=\"file\">"
                        + "\(escape(ReportFileName.of(scenario.file, among: files)))</span> <span class=\"time\">"
                        + "\(DurationText.text(milliseconds: scenario.milliseconds)) s</span> \(escape(scenario.verdict))</summary>"]
        if let failure = scenario.failure, failure.step == nil { html += self.failure(failure) }
        html.append("<ol class=\"steps\">")
        for (index, step) in scenario.steps.enumerated() {
            guard let failure = scenario.failure, let failed = failure.step, index >= failed else {
                html.append("<li>\(escape(step))</li>")
                continue
            }
            if index > failed {
                html.append("<li class=\"unreached\">\(escape(step))</li>")
                continue
            }
            html += ["<li class=\"failing\" id=\"\(id)-failing-step\"><details open><summary>\(escape(step))</summary>"]
                + self.failure(failure) + ["</details></li>"]
        }
        html += ["</ol>", "</details>"]
        return html
    }

    private static func failure(_ failure: ReportedRun.Failure) -> [String] {
        var html = ["<p class=\"headline\">\(escape(failure.headline))</p>", "<dl>"]
        let code = [failure.error, failure.suberror.map { "suberror \($0)" }, failure.aadsts.map { "AADSTS\($0)" }].compactMap { $0 }
        if !code.isEmpty { html.append("<dt>Error</dt><dd>\(escape(code.joined(separator: ", ")))</dd>") }
        if let id = failure.correlationID { html.append("<dt>Correlation id</dt><dd>\(escape(id))</dd>") }
        if let har = failure.har { html.append("<dt>HAR</dt><dd>\(escape(har))</dd>") }
        html.append("</dl>")
        if let log = failure.signInLog {
            html += ["<p>The tenant's sign-in log:</p>", "<pre>\(escape(log.joined(separator: "\n")))</pre>"]
        }
        guard !failure.exchanges.isEmpty else { return html }
        html += ["<p>The exchanges that led to it:</p>", "<ol class=\"timeline\">"]
        for exchange in failure.exchanges {
            let status = exchange.status.map(String.init) ?? "no answer"
            html.append("<li><details><summary>+\(exchange.at) ms \(escape(exchange.method)) \(escape(exchange.path)) → \(status) "
                        + "(\(exchange.milliseconds) ms)</summary><pre>\(escape(exchange.text))</pre></details></li>")
        }
        html.append("</ol>")
        return html
    }

    /// Text for HTML content and attribute values: `& < > " '` escaped, and the controls HTML forbids dropped.
    static func escape(_ text: String) -> String {
        JUnitReport.markup(text, apostrophe: true) { ($0.value < 0x20 && !["\t", "\n"].contains($0)) || (0x7F...0x9F).contains($0.value) }
    }

    /// The embedded run of a page this type wrote.
    /// - Throws: ``UnreadableReport`` when it holds none or it does not decode.
    static func parse(_ text: String) throws(UnreadableReport) -> ReportedRun {
        let open = "<script type=\"application/json\" id=\"\(dataID)\">"
        guard let start = text.range(of: open), let end = text.range(of: "</script>", range: start.upperBound..<text.endIndex) else {
            throw UnreadableReport(description: "no embedded run data (not written by tophhie run --html?)")
        }
        do {
            return try JSONDecoder().decode(ReportedRun.self, from: Data(text[start.upperBound..<end.lowerBound].utf8))
        } catch {
            throw UnreadableReport(description: "its embedded run data does not decode: \(error)")
        }
    }
}
