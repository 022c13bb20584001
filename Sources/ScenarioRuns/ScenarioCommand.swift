import ConsoleCommandLine
import EnrolmentFiles
import FlowRunner
import MailboxCodes
import ScenarioFiles
import TerminalUI
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `tophhie run FILE… [--jobs N] [--junit FILE] [--report FILE] [--html FILE] [--har-dir DIR] [--shard K/N [--durations FILE]]`.
///
/// Exit codes: 0 every scenario passed; 1 a scenario failed; 2 usage or file error (a scenario file that
/// does not parse names the JSON path of the fault; an output that cannot be written); 3 none failed but the
/// service throttled one (AADSTS701014: no more one-time codes for now); 143, 130, 129 a SIGTERM, SIGINT or
/// SIGHUP ended the run, after both reports were written with every scenario accounted for (field case 035).
/// Reports are written whole or not at all (a temporary file renamed over the old one), so a `kill -9`
/// leaves the previous report or none, never half of one.
public enum ScenarioCommand {
    /// Runs the files' scenarios and writes the reports asked for.
    /// - Parameters:
    ///   - output: receives progress and result text as printed (standard output by default).
    ///   - errors: receives each problem line (standard error by default).
    ///   - live: draw a live status line (default: standard output is a terminal).
    /// - Returns: the exit code.
    public static func run(_ options: ScenarioRunOptions,
                           output: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
                           errors: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
                           live: Bool = isatty(STDOUT_FILENO) == 1) -> Int32 {
        let interruption = RunInterruption.watchSignals()
        defer { interruption.stopWatching() }
        return run(options, output: output, errors: errors, live: live, interruption: interruption)
    }

    /// As `run(_:output:errors:live:)`, interrupted by `interruption` (tests set it themselves).
    static func run(_ options: ScenarioRunOptions, output: @escaping @Sendable (String) -> Void, errors: (String) -> Void,
                    live: Bool, interruption: RunInterruption) -> Int32 {
        let parser = ScenarioFileParser()
        var files: [ScenarioFile] = []
        do {
            // A file named twice (overlapping globs) runs once: the same scenarios twice would be counted twice.
            for path in options.files where HeldFiles(files.map { (role: "", path: $0.path) }).role(of: path) == nil {
                files.append(try parser.load(path))
            }
            if let seconds = options.timeout {
                for file in files.indices {
                    for scenario in files[file].scenarios.indices { files[file].scenarios[scenario].timeout = TimeInterval(seconds) }
                }
            }
        } catch {
            errors("tophhie run: \(error)")
            return 2
        }
        // A recorded file's passwords and a mailbox's are named, not written: a missing one would fail every scenario that needs it.
        let environment = ProcessInfo.processInfo.environment
        for file in files {
            let missing = file.passwordVariables.filter { (environment[$0] ?? "").isEmpty }
            if !missing.isEmpty {
                errors("tophhie run: \(file.path): set \(missing.joined(separator: ", ")): its passwords are read from "
                       + "\(missing.count == 1 ? "that environment variable" : "those environment variables") (see its $comment).")
                return 2
            }
            // A mailbox's password file is read per scenario: unreadable, it too is refused before the first one.
            if case .real(_, _, _, let mailbox?) = file.tenant, case .file = mailbox.password {
                do throws(MailboxFailure) {
                    _ = try mailbox.password.read()
                } catch {
                    errors("tophhie run: \(file.path): \(PrintableText.make(error.description))")
                    return 2
                }
            }
        }
        if options.compare { return ScenarioCompare.run(files, options: options, output: output, errors: errors) }
        // A report written over a scenario file or another report would destroy it; a device (`/dev/null`) is
        // written in place, so any number of reports may go there.
        var held = files.map { (role: "the scenario file \(PrintableText.make($0.path)) of this run", path: $0.path) }
        for (flag, path) in [("--junit", options.junitPath), ("--report", options.reportPath), ("--html", options.htmlPath)] {
            if let problem = OutputFile.problem(path, flag: flag)
                ?? path.flatMap({ path in HeldFiles(held).problem(path, replacedBy: "the report").map { "\(flag) \(PrintableText.make(path)): \($0)" } }) {
                errors("tophhie run: \(problem)")
                return 2
            }
            if let path, !WriteDestination(path).inPlace { held.append((role: "the \(flag) report", path: path)) }
        }
        let harDirectory = options.harDirectory ?? "."
        if let problem = OutputFile.folderProblem(harDirectory, given: "--har-dir \(harDirectory)") {
            errors("tophhie run: \(problem)")
            return 2
        }
        let shard = options.shard.flatMap(ScenarioShard.init)
        var selection: Set<Int>?
        if let shard {
            do {
                selection = try Self.selection(files, shard: shard, durationsPath: options.durationsPath)
            } catch {
                let reason = (error as? UnreadableReport)?.description ?? error.localizedDescription
                errors("tophhie run: --durations \(options.durationsPath ?? ""): \(reason)")
                return 2
            }
            let total = files.map(\.scenarios.count).reduce(0, +)
            output("shard \(shard.text): \(selection?.count ?? 0) of \(total) scenarios\n")
        }
        let started = ContinuousClock.now
        let startedAt = Date()
        let progress = ScenarioProgress(live: live, write: output)
        let ticker = live ? Ticker(progress: progress) : nil
        var runner = ScenarioRunner(jobs: options.jobs, harDirectory: harDirectory)
        if let account = options.operatorAccount {
            runner.signInLog = SignInLogJoin(account: account, tokenCachePath: options.tokenCachePath ?? "")
        }
        if options.debugHTTP { runner.debug = HTTPDebugLog.observer() }
        let results = runner.run(files, only: selection, progress: progress, interruption: interruption)
        ticker?.stop()
        progress.end()
        let count = { (outcome: ScenarioResult.Outcome) in results.filter { $0.outcome == outcome }.count }
        let failed = count(.failed)
        // The reports' own first line, so stdout and the reports count alike.
        var summary = ScenarioResult.Outcome.headline(results.map(\.outcome))
        if let signal = interruption.signal { summary += " (\(RunInterruption.name(signal.number)))" }
        output("\(summary) (\(DurationText.seconds(ScenarioRunner.seconds(ContinuousClock.now - started), decimals: 2)) s)\n")
        let paths = files.map(\.path)
        let reports = [(options.junitPath, { JUnitReport.document(results, files: paths, shard: shard, runStarted: startedAt) }),
                       (options.reportPath, { MarkdownReport.document(results, files: paths, shard: shard) }),
                       (options.htmlPath, { HTMLReport.document(ReportedRun(results, files: paths, shard: shard)) })]
        // Every report is tried: one that cannot be written loses none of the others.
        var unwritten = false
        for case let (path?, text) in reports {
            do {
                try AtomicFile.replace(path, with: Array(text().utf8))
            } catch {
                errors("tophhie run: could not write \(path): \(error.localizedDescription)")
                unwritten = true
            }
        }
        if unwritten { return 2 }
        if let signal = interruption.signal { return 128 + signal.number }
        return failed > 0 ? 1 : count(.throttled) > 0 ? 3 : 0
    }

    /// The places in the whole run (``ScenarioResult/position``) of `shard`'s scenarios, balanced by the times in
    /// the JUnit at `durationsPath` (matched by suite, i.e. file name, and scenario name).
    /// - Throws: ``UnreadableReport`` or a file error when that JUnit cannot be read.
    static func selection(_ files: [ScenarioFile], shard: ScenarioShard, durationsPath: String?) throws -> Set<Int> {
        var durations: [String: Int] = [:]
        if let durationsPath {
            let text = try String(contentsOfFile: durationsPath, encoding: .utf8)
            for testCase in try JUnitReport.parse(text).suites.flatMap(\.cases) where durations["\(testCase.classname)/\(testCase.name)"] == nil {
                durations["\(testCase.classname)/\(testCase.name)"] = testCase.milliseconds
            }
        }
        let entries = files.flatMap { file in
            file.scenarios.map { ScenarioShard.Entry(file: file.path, name: $0.name,
                                                     milliseconds: durations["\(JUnitReport.suiteName(file.path, among: files.map(\.path)))/\($0.name)"]) }
        }
        let shards = ScenarioShard.assign(entries, count: shard.count)
        return Set(shards.indices.filter { shards[$0] == shard.index })
    }

    /// Redraws the live line about five times a second, so elapsed time moves during a long step.
    private final class Ticker: Sendable {
        private let running = Mutex(true)

        init(progress: ScenarioProgress) {
            Thread.detachNewThread { [self] in
                while running.withLock({ $0 }) {
                    progress.redraw()
                    Thread.sleep(forTimeInterval: 0.2)
                }
            }
        }

        func stop() { running.withLock { $0 = false } }
    }
}
