import ConsoleCommandLine
import EnrolmentFiles
import Foundation
import ScenarioFiles
import Synchronization
import TenantEmulator
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
    /// `--account`: reads a failed real-tenant scenario's sign-in log entry.
    var signInLog: SignInLogJoin?

    private struct Job: Sendable {
        var index: Int
        var file: ScenarioFile
        var scenario: Scenario
        /// The HAR file's name if it fails: file and scenario, numbered when another job has the same.
        var harName: String
    }

    /// - Parameter only: the places in the whole run (``ScenarioResult/position``) to run (a shard); nil runs all.
    /// - Parameter interruption: once set, no scenario starts, the running ones stop at their next wait, and
    ///   the run returns within ``interruptionGrace`` whether or not they have.
    /// - Returns: one result per scenario, in file order; after an interruption the ones it cut short are
    ///   `.interrupted` and the ones it kept from starting `.notRun`.
    func run(_ files: [ScenarioFile], only: Set<Int>? = nil, progress: ScenarioProgress,
             interruption: RunInterruption = RunInterruption()) -> [ScenarioResult] {
        var seen: [String: Int] = [:]
        let all = files.flatMap { file in file.scenarios.map { (file, $0) } }.enumerated().map { index, pair in
            let name = "\(Self.slug(URL(fileURLWithPath: pair.0.path).deletingPathExtension().lastPathComponent))-\(Self.slug(pair.1.name))"
            seen[name, default: 0] += 1
            // Two scenarios of one name (or slugs that meet) must not overwrite each other's HAR.
            let count = seen[name] ?? 1
            return Job(index: index, file: pair.0, scenario: pair.1, harName: count == 1 ? name : "\(name)-\(count)")
        }.filter { only?.contains($0.index) ?? true }
        // One token-signing key for every scenario's emulator: generating it is the costliest part of a start.
        let signingKey = all.contains { $0.file.tenant.isEmulator } ? try? TokenSigningKey.generate() : nil
        let queue = Mutex(all.reversed() as [Job])
        let results = Mutex([Int: ScenarioResult]())
        let begun = Mutex([Int: ContinuousClock.Instant]())
        let done = DispatchGroup()
        let harDirectory = harDirectory
        let prompt = prompt
        let debug = debug
        let signInLog = signInLog
        for _ in 0..<min(max(jobs, 1), max(all.count, 1)) {
            done.enter()
            Thread.detachNewThread {
                while !interruption.isSet, let job = queue.withLock({ $0.popLast() }) {
                    begun.withLock { $0[job.index] = .now }
                    let result = Self.run(job, signingKey: signingKey, harDirectory: harDirectory, prompt: prompt, progress: progress,
                                          debug: debug, signInLog: signInLog, interruption: interruption)
                    results.withLock { $0[job.index] = result }
                }
                done.leave()
            }
        }
        // Woken by the last scenario's end or by the interruption, whichever comes first: no polling.
        let woken = DispatchSemaphore(value: 0)
        done.notify(queue: .global()) { woken.signal() }
        interruption.whenSet { woken.signal() }
        woken.wait()
        if interruption.isSet { _ = done.wait(timeout: .now() + Self.interruptionGrace) }
        let signal = interruption.signal
        let stamp = signal.map { Self.timestamp.format($0.at) } ?? ""
        return results.withLock { finished in
            begun.withLock { begun in
                all.map { job in
                    if let result = finished[job.index] { return result }
                    var cut = Self.result(job)
                    if let start = begun[job.index] {
                        cut.elapsed = Self.seconds(ContinuousClock.now - start)
                        cut.interruption = .during(signal: RunInterruption.name(signal?.number ?? 0), at: stamp)
                    } else {
                        cut.interruption = .notRun
                    }
                    return cut
                }
            }
        }
    }

    /// A result not yet run: the scenario's place and steps.
    private static func result(_ job: Job) -> ScenarioResult {
        ScenarioResult(file: job.file.path, name: job.scenario.name, position: job.index, steps: job.scenario.steps.map(\.summary), elapsed: 0,
                       failure: nil, exchanges: [])
    }

    /// How long an interrupted run waits for its running scenarios to stop before it reports them as cut short.
    static let interruptionGrace: TimeInterval = 1.5

    /// `2026-03-14T09:26:41Z`.
    static let timestamp = Date.ISO8601FormatStyle(timeZone: .gmt)

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func run(_ job: Job, signingKey: TokenSigningKey?, harDirectory: String, prompt: CodePrompt,
                            progress: ScenarioProgress, debug: ExchangeObserver?, signInLog: SignInLogJoin?,
                            interruption: RunInterruption) -> ScenarioResult {
        // Durations from the monotonic clock: a wall clock stepped back while a step waits made them negative
        // (field case 034); the wall clock only stamps reports.
        let started = ContinuousClock.now
        let id = progress.started(job.scenario.name, steps: job.scenario.steps.count)
        var result = Self.result(job)
        result.started = Date()
        do {
            let stack = try ScenarioStack(job.file.tenant, signingKey: signingKey)
            defer { stack.stop() }
            let driver = ScenarioDriver(scenario: job.scenario, stack: stack, prompt: prompt, debug: debug) { interruption.isSet }
            (result.failure, result.exchanges) = driver.run { progress.step(id, index: $0) }
        } catch {
            result.failure = ScenarioFailure(stepIndex: nil, stepKind: "setup", message: "the tenant could not be set up: \(error)")
        }
        result.elapsed = seconds(ContinuousClock.now - started)
        if result.failure?.message == ScenarioDriver.interruptedMessage, let signal = interruption.signal {
            result.failure = nil
            result.interruption = .during(signal: RunInterruption.name(signal.number), at: timestamp.format(signal.at))
        }
        if let signInLog, case .real(let target, _, let caFile, _) = job.file.tenant, result.outcome == .failed || result.outcome == .throttled,
           let exchange = result.failure?.exchange ?? result.exchanges.last {
            result.failure?.signInLog = signInLog.lines(for: exchange, tenant: target, caFile: caFile)
        }
        if !result.passed, !result.exchanges.isEmpty {
            let path = URL(fileURLWithPath: harDirectory).appendingPathComponent(job.harName + ".har").path
            do {
                try AtomicFile.replace(path, with: Array(HARLog.document(result.exchanges, creator: "tophhie", version: HelpText.version)))
                result.harPath = path
            } catch {
                result.failure?.message += " (its HAR could not be written to \(path): \(error.localizedDescription))"
            }
        }
        progress.finished(id, result)
        return result
    }

    /// A file name from a scenario name: letters and digits of any script, lower-cased and with accents folded
    /// (`Anmeldung über E-Mail` → `anmeldung-uber-e-mail`, `登録` stays), other runs one hyphen; at most 60 bytes
    /// of UTF-8, so a file's and a scenario's slug together stay well inside a 255-byte file name.
    static func slug(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let mapped = folded.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" }
        var slug = ""
        for character in String(mapped).split(separator: "-").joined(separator: "-") {
            guard slug.utf8.count + character.utf8.count <= 60 else { break }
            slug.append(character)
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "scenario" : slug
    }
}
