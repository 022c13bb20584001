import Foundation
import TophhieCloudAuthentication

/// How one scenario ended: its time, its trace (already redacted) and, when it failed, why.
struct ScenarioResult: Sendable {
    /// The scenario file's path.
    var file: String
    var name: String
    /// Seconds from its emulator's start to its last step.
    var elapsed: TimeInterval
    /// Nil when every step held.
    var failure: ScenarioFailure?
    /// Every exchange of the scenario (for its HAR), secrets redacted by the framework.
    var exchanges: [ObservedExchange]
    /// Where its HAR was written (failed scenarios only).
    var harPath: String?

    var passed: Bool { failure == nil }
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

    /// `step 5 (expect): expected suberror invalid_oob_value, got none`.
    var headline: String {
        guard let stepIndex else { return "\(stepKind): \(message)" }
        return "step \(stepIndex + 1) (\(stepKind)): \(message)"
    }
}
