import ScenarioFiles
import TerminalUI

/// One scenario run on a real tenant and on the emulator rehearsing that tenant's snapshot, set side by side step by
/// step (`tophhie run --compare`): where the two part ways is what the emulator does not model of that tenant.
struct ScenarioComparison: Sendable {
    /// The scenario file's path.
    var file: String
    var name: String
    var steps: [ScenarioStep]
    /// What each step led to on the tenant, in order; shorter when the run stopped early.
    var tenant: [StepObservation]
    /// The same on the emulator.
    var emulator: [StepObservation]

    /// A step where the two sides differ: its 0-based index and kind, and what each side saw (nil: not run there).
    struct Difference: Sendable, Equatable {
        var index: Int
        var kind: String
        var tenant: StepObservation?
        var emulator: StepObservation?
    }

    var differences: [Difference] {
        steps.indices.compactMap { index in
            let tenantSide = tenant.indices.contains(index) ? tenant[index] : nil
            let emulatorSide = emulator.indices.contains(index) ? emulator[index] : nil
            if tenantSide == nil, emulatorSide == nil { return nil }
            if let tenantSide, let emulatorSide, tenantSide.sameAs(emulatorSide) { return nil }
            return Difference(index: index, kind: steps[index].kind.rawValue, tenant: tenantSide, emulator: emulatorSide)
        }
    }

    /// The report's lines: one when the two agree, else the first differing step named, then each difference.
    var lines: [String] {
        let title = "\(file) \u{201C}\(name)\u{201D}"
        let found = differences
        guard let first = found.first else {
            return [PrintableText.make("\(title): the emulator and the tenant agree at every step (\(tenant.count) of \(steps.count) run)")]
        }
        var lines = ["\(title): the emulator and the tenant differ from step \(first.index + 1) (\(first.kind))"]
        for difference in found {
            lines.append("  step \(difference.index + 1) (\(difference.kind))")
            lines.append("    tenant:   \(difference.tenant?.summary ?? "not run")")
            lines.append("    emulator: \(difference.emulator?.summary ?? "not run")")
        }
        return lines.map { PrintableText.make($0) }
    }
}
