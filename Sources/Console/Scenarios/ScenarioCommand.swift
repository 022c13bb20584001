import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `tophhie run FILE… [--jobs N] [--junit FILE] [--report FILE] [--har-dir DIR]`.
///
/// Exit codes: 0 every scenario passed; 1 a scenario failed; 2 usage or file error (a scenario file that
/// does not parse names the JSON path of the fault; an output that cannot be written).
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
        let parser = ScenarioFileParser()
        var files: [ScenarioFile] = []
        do {
            for path in options.files { files.append(try parser.load(path)) }
            if let seconds = options.timeout {
                for file in files.indices {
                    for scenario in files[file].scenarios.indices { files[file].scenarios[scenario].timeout = TimeInterval(seconds) }
                }
            }
        } catch {
            errors("tophhie run: \(error)")
            return 2
        }
        for (flag, path) in [("--junit", options.junitPath), ("--report", options.reportPath)] {
            if let problem = ConsoleApp.outputProblem(path, flag: flag) {
                errors("tophhie run: \(problem)")
                return 2
            }
        }
        let harDirectory = options.harDirectory ?? "."
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: harDirectory, isDirectory: &isDirectory), isDirectory.boolValue,
              FileManager.default.isWritableFile(atPath: harDirectory) else {
            errors("tophhie run: --har-dir \(harDirectory): not a writable folder.")
            return 2
        }
        let started = Date()
        let progress = ScenarioProgress(live: live, write: output)
        let ticker = live ? Ticker(progress: progress) : nil
        var runner = ScenarioRunner(jobs: options.jobs, harDirectory: harDirectory)
        if options.debugHTTP { runner.debug = HTTPDebugLog.observer() }
        let results = runner.run(files, progress: progress)
        ticker?.stop()
        let failed = results.filter { !$0.passed }.count
        output("\(results.count - failed) passed, \(failed) failed (\(String(format: "%.2f s", Date().timeIntervalSince(started))))\n")
        let reports = [(options.junitPath, JUnitReport.document(results, files: files.map(\.path))),
                       (options.reportPath, MarkdownReport.document(results))]
        for case let (path?, text) in reports {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                errors("tophhie run: could not write \(path): \(error.localizedDescription)")
                return 2
            }
        }
        return failed == 0 ? 0 : 1
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
