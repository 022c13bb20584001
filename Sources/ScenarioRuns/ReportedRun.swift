import ConsoleCommandLine
import Foundation
import ScenarioFiles
import TophhieCloudAuthentication

/// A run as the HTML report shows it and embeds it (JSON in `<script type="application/json" id="tophhie-run">`),
/// so `tophhie run merge` can read shards' reports back. Built only from redacted data: step summaries and
/// ``ObservedExchange`` text, never a raw body.
struct ReportedRun: Codable, Equatable, Sendable {
    /// `K/N` for a shard's report; nil for a whole run's.
    var shard: String?
    /// The scenario files as given, in order.
    var files: [String]
    /// In the whole run's order (``ScenarioResult/position``).
    var scenarios: [Scenario]

    struct Scenario: Codable, Equatable, Sendable {
        var position: Int
        var file: String
        var name: String
        var milliseconds: Int
        var outcome: ScenarioResult.Outcome
        /// ``ScenarioResult/verdict``.
        var verdict: String
        var steps: [String]
        var failure: Failure?
    }

    struct Failure: Codable, Equatable, Sendable {
        /// 0-based; nil when the scenario could not start.
        var step: Int?
        var headline: String
        /// The failing exchange's `error`, `suberror`, AADSTS number and correlation id.
        var error: String?
        var suberror: String?
        var aadsts: Int?
        var correlationID: String?
        var signInLog: [String]?
        var har: String?
        /// Every exchange of the scenario up to the failure, oldest first; the last is the one that showed it.
        var exchanges: [Exchange]
    }

    struct Exchange: Codable, Equatable, Sendable {
        /// Milliseconds from the scenario's first request to this one's.
        var at: Int
        var method: String
        var path: String
        /// Nil when no answer came.
        var status: Int?
        var milliseconds: Int
        /// ``ExchangeText``: request and response, secrets redacted.
        var text: String
    }
}

extension ReportedRun {
    init(_ results: [ScenarioResult], files: [String], shard: ScenarioShard?) {
        self.init(shard: shard?.text, files: files, scenarios: results.map { result in
            Scenario(position: result.position, file: result.file, name: result.name, milliseconds: DurationText.milliseconds(result.elapsed),
                     outcome: result.outcome, verdict: result.verdict, steps: result.steps,
                     failure: result.failure.map { Self.failure($0, exchanges: result.exchanges, har: result.harPath) })
        })
    }

    private static func failure(_ failure: ScenarioFailure, exchanges: [ObservedExchange], har: String?) -> Failure {
        let first = exchanges.first?.startedAt ?? Date()
        return Failure(step: failure.stepIndex, headline: failure.headline, error: failure.exchange?.error, suberror: failure.exchange?.suberror,
                       aadsts: failure.exchange?.errorCode, correlationID: failure.exchange.flatMap(SignInLogJoin.correlationID),
                       signInLog: failure.signInLog, har: har, exchanges: exchanges.map { exchange in
                           Exchange(at: DurationText.milliseconds(exchange.startedAt.timeIntervalSince(first)), method: exchange.method,
                                    path: exchange.url.path, status: exchange.status, milliseconds: DurationText.milliseconds(exchange.duration),
                                    text: ExchangeText.text(exchange))
                       })
    }

    /// The JSON as the page embeds it: keys sorted, and every `<` written `\u003c`, so no value can close the
    /// `<script>` element (`</script>`) or open a comment (`<!--`) in it.
    func embeddedJSON() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
    }
}
