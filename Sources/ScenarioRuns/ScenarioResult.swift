import Foundation
import TophhieCloudAuthentication

/// How one scenario ended: its time, its trace (already redacted) and, when it failed, why.
struct ScenarioResult: Sendable {
    /// The scenario file's path.
    var file: String
    var name: String
    /// Its place in the whole run: files in the order given, then scenarios in file order (also in a shard).
    var position = 0
    /// Each step in words, secrets left out (``ScenarioStep/summary``).
    var steps: [String] = []
    /// Seconds from its emulator's start to its last step, on the monotonic clock (never negative, whatever
    /// the wall clock does meanwhile).
    var elapsed: TimeInterval
    /// Nil when every step held.
    var failure: ScenarioFailure?
    /// Set when a signal ended the run (field case 035): while this scenario ran, or before it began.
    var interruption: Interruption?
    /// Every exchange of the scenario (for its HAR), secrets redacted by the framework.
    var exchanges: [ObservedExchange]
    /// Where its HAR was written (failed scenarios only).
    var harPath: String?
    /// When it began, on the wall clock (its JUnit suite's `timestamp`); nil when it never began.
    var started: Date?

    var passed: Bool { outcome == .passed }

    /// How the scenario ended, as reports and the exit status tell it.
    var outcome: Outcome {
        switch interruption {
        case .notRun: return .notRun
        case .during: return .interrupted
        case nil: break
        }
        guard let failure else { return .passed }
        return failure.serviceThrottled ? .throttled : .failed
    }

    enum Outcome: String, Codable, Sendable, Equatable, CaseIterable {
        case passed, failed
        /// The service refused to send more codes for now (AADSTS701014): not a fault of the product under test.
        case throttled
        /// A signal ended the run while this scenario ran.
        case interrupted
        /// A signal ended the run before this scenario began.
        case notRun

        /// How a report's result cell begins for this outcome (`throttled by the service`, `not run`).
        var word: String {
            switch self {
            case .passed: "passed"
            case .failed: "failed"
            case .throttled: "throttled by the service"
            case .interrupted: "interrupted"
            case .notRun: "not run"
            }
        }

        /// A report's first line: `3 of 5 scenarios passed, 1 failed, 1 interrupted` (outcomes with none left out).
        static func headline(_ outcomes: [Outcome]) -> String {
            let count = { (outcome: Outcome) in outcomes.filter { $0 == outcome }.count }
            return (["\(count(.passed)) of \(outcomes.count) scenarios passed"]
                + allCases.filter { $0 != .passed && count($0) > 0 }.map { "\(count($0)) \($0.word)" }).joined(separator: ", ")
        }
    }

    /// `passed`, `failed`, `throttled by the service`, `interrupted by SIGTERM at …`, `not run: interrupted`.
    var verdict: String {
        switch interruption {
        case .during(let signal, let at): return "interrupted by \(signal) at \(at)"
        case .notRun: return "not run: interrupted"
        case nil: return outcome.word
        }
    }

    enum Interruption: Sendable, Equatable {
        /// `signal` (e.g. `SIGTERM`) arrived at `at` (ISO 8601, UTC) while it ran.
        case during(signal: String, at: String)
        case notRun
    }
}

/// The step that failed and the exchange that shows it.
struct ScenarioFailure: Sendable {
    /// 0-based index in `steps`; nil when the scenario could not start (its emulator did not).
    var stepIndex: Int?
    /// `start`, `answer`, `emulator`, `expect`, or `setup`.
    var stepKind: String
    /// One sentence: what was expected and what came back.
    var message: String
    /// The last exchange before the failure, if any.
    var exchange: ObservedExchange?
    /// The service answered AADSTS701014 (no more one-time codes for now) at the failing step.
    var serviceThrottled = false
    /// The tenant's sign-in log entry of the failing exchange (`tophhie run --account`), as labelled lines.
    var signInLog: [String]?

    /// `step 5 (expect): expected suberror invalid_oob_value, got none`.
    var headline: String {
        guard let stepIndex else { return "\(stepKind): \(message)" }
        return "step \(stepIndex + 1) (\(stepKind)): \(message)"
    }
}
