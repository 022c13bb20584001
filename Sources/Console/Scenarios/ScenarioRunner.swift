import Foundation
import Synchronization
import TophhieCloudAuthentication

/// Runs every scenario of the files, `jobs` at a time, each on its own framework stack (and its own
/// embedded emulator), and writes a HAR for each that failed.
///
/// Scenarios run on plain threads: a driver waits for the framework by polling, and must not hold a thread of
/// the cooperative pool the framework's own tasks need.
struct ScenarioRunner {
    var jobs = 1
    /// Where failed scenarios' HAR files go.
    var harDirectory = "."
    var prompt = CodePrompt()
    /// `--debug`: receives every scenario's exchanges too.
    var debug: ExchangeObserver?

    private struct Job: Sendable {
        var index: Int
        var file: ScenarioFile
        var scenario: Scenario
        /// The HAR file's name if it fails: file and scenario, numbered when another job has the same.
        var harName: String
    }

    /// - Returns: one result per scenario, in file order.
    func run(_ files: [ScenarioFile], progress: ScenarioProgress) -> [ScenarioResult] {
        var seen: [String: Int] = [:]
        let pending = files.flatMap { file in file.scenarios.map { (file, $0) } }.enumerated().map { index, pair in
            let name = "\(Self.slug(URL(fileURLWithPath: pair.0.path).deletingPathExtension().lastPathComponent))-\(Self.slug(pair.1.name))"
            seen[name, default: 0] += 1
            // Two scenarios of one name (or slugs that meet) must not overwrite each other's HAR.
            let count = seen[name] ?? 1
            return Job(index: index, file: pair.0, scenario: pair.1, harName: count == 1 ? name : "\(name)-\(count)")
        }
        let queue = Mutex(pending.reversed() as [Job])
        let total = queue.withLock { $0.count }
        let results = Mutex([Int: ScenarioResult]())
        let done = DispatchGroup()
        let harDirectory = harDirectory
        let prompt = prompt
        let debug = debug
        for _ in 0..<min(max(jobs, 1), max(total, 1)) {
            done.enter()
            Thread.detachNewThread {
                while let job = queue.withLock({ $0.popLast() }) {
                    let result = Self.run(job, harDirectory: harDirectory, prompt: prompt, progress: progress, debug: debug)
                    results.withLock { $0[job.index] = result }
                }
                done.leave()
            }
        }
        done.wait()
        return results.withLock { all in (0..<total).compactMap { all[$0] } }
    }

    private static func run(_ job: Job, harDirectory: String, prompt: CodePrompt, progress: ScenarioProgress,
                            debug: ExchangeObserver?) -> ScenarioResult {
        let started = Date()
        let id = progress.started(job.scenario.name, steps: job.scenario.steps.count)
        var result = ScenarioResult(file: job.file.path, name: job.scenario.name, elapsed: 0, failure: nil, exchanges: [])
        do {
            let stack = try ScenarioStack(job.file.tenant)
            defer { stack.stop() }
            let driver = ScenarioDriver(scenario: job.scenario, stack: stack, prompt: prompt, debug: debug)
            (result.failure, result.exchanges) = driver.run { progress.step(id, index: $0) }
        } catch {
            result.failure = ScenarioFailure(stepIndex: nil, stepKind: "setup", message: "the tenant could not be set up: \(error)")
        }
        result.elapsed = Date().timeIntervalSince(started)
        if !result.passed, !result.exchanges.isEmpty {
            let path = URL(fileURLWithPath: harDirectory).appendingPathComponent(job.harName + ".har").path
            do {
                try PrivateFile.write(HARLog.document(result.exchanges, creator: "tophhie", version: HelpText.version), to: path)
                result.harPath = path
            } catch {
                result.failure?.message += " (its HAR could not be written to \(path): \(error.localizedDescription))"
            }
        }
        progress.finished(id, result)
        return result
    }

    /// Lower-case letters, digits and hyphens: a file name from a scenario name.
    static func slug(_ text: String) -> String {
        let mapped = text.lowercased().unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "-" }
        let collapsed = String(mapped).split(separator: "-").joined(separator: "-")
        return collapsed.isEmpty ? "scenario" : String(collapsed.prefix(60))
    }
}
