import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `tophhie-bench startup`: whole-process time from start to first painted frame and exit, and peak
/// RSS, of `tophhie --exit-after-first-frame` side by side with `dialog --infobox` in the same run,
/// each on its own pseudo-terminal so both really paint. Reports medians and ratios. The console
/// started directly (`tophhie-console`, what the launcher execs) runs alongside: its figure is when
/// the first frame would come without the launcher, and when the console is ready for keys with it. So does
/// `startup-floor`, the least a one-binary console would load (FoundationEssentials and libcurl) before its frame.
///
/// Both programs are started through GNU `time -f %M`: a child forked straight from this (large)
/// process would inherit its resident-set high-water mark, so only a small intermediate process gives
/// the program's own peak RSS. Its small cost is in both programs' times alike.
enum StartupBenchmark {
    struct Sample {
        let seconds: Double
        let peakRSSKiB: Int
    }

    static func run(arguments: [String]) throws {
        let runs = arguments.first.flatMap(Int.init) ?? 30
        let tophhie = ChildRun.sibling("tophhie")
        let console = ChildRun.sibling("tophhie-console")
        let floor = ChildRun.sibling("startup-floor")
        for program in [tophhie, console, floor] where !FileManager.default.isExecutableFile(atPath: program) {
            throw BenchmarkError("build them first: swift build -c release --product tophhie-bench (looked for \(program))")
        }
        guard let dialog = ChildRun.which("dialog") else { throw BenchmarkError("dialog is not installed (apt-get install dialog)") }
        guard FileManager.default.isExecutableFile(atPath: timePath) else {
            throw BenchmarkError("GNU time is not installed (apt-get install time)")
        }
        let commands: [(String, [String])] = [
            ("tophhie", [tophhie, "--exit-after-first-frame"]),
            ("dialog --infobox", [dialog, "--infobox", "Tophhie Account Console", "5", "40"]),
            ("tophhie-console", [console, "--exit-after-first-frame"]),
            ("startup-floor", [floor]),
        ]
        var samples: [String: [Sample]] = [:]
        for _ in 0..<2 { for (_, argv) in commands { _ = try measure(argv) } } // warm the page cache
        for _ in 0..<runs {
            for (name, argv) in commands { samples[name, default: []].append(try measure(argv)) }
        }
        let ours = summary(samples["tophhie"] ?? [])
        let baseline = summary(samples["dialog --infobox"] ?? [])
        let direct = summary(samples["tophhie-console"] ?? [])
        let oneBinaryFloor = summary(samples["startup-floor"] ?? [])
        print("startup: \(runs) runs each, on a pseudo-terminal 80x24, TERM=xterm-256color")
        for (name, sample) in [("tophhie", ours), ("dialog --infobox", baseline), ("tophhie-console", direct),
                               ("startup-floor", oneBinaryFloor)] {
            print(String(format: "  %-18@ median %7.2f ms   peak RSS %7d KiB", name as NSString, sample.seconds * 1000, sample.peakRSSKiB))
        }
        print(String(format: "  ratio: time %.2fx (target <= 2x), RSS %.2fx (target <= 3x)",
                     ours.seconds / baseline.seconds, Double(ours.peakRSSKiB) / Double(baseline.peakRSSKiB)))
        print(String(format: "  without the launcher (tophhie-console): time %.2fx, RSS %.2fx",
                     direct.seconds / baseline.seconds, Double(direct.peakRSSKiB) / Double(baseline.peakRSSKiB)))
        print(String(format: "  one-binary floor (FoundationEssentials + libcurl, startup-floor): time %.2fx, RSS %.2fx",
                     oneBinaryFloor.seconds / baseline.seconds, Double(oneBinaryFloor.peakRSSKiB) / Double(baseline.peakRSSKiB)))
    }

    private static func summary(_ samples: [Sample]) -> Sample {
        let times = samples.map(\.seconds).sorted()
        let rss = samples.map(\.peakRSSKiB).sorted()
        guard !times.isEmpty else { return Sample(seconds: 0, peakRSSKiB: 0) }
        return Sample(seconds: times[times.count / 2], peakRSSKiB: rss[rss.count / 2])
    }

    private static let timePath = "/usr/bin/time"

    /// Runs `argv` with stdin/stdout/stderr on a fresh pseudo-terminal; returns wall time and peak RSS.
    private static func measure(_ program: [String]) throws -> Sample {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-bench-rss-\(getpid())").path
        defer { unlink(report) }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = environment["LANG"] ?? "C.UTF-8"
        let start = DispatchTime.now()
        let (reader, pid) = try PseudoTerminalProgram.spawn([timePath, "-f", "%M", "-o", report] + program, environment: environment)
        defer { close(reader) }
        let drain = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while read(reader, &buffer, buffer.count) > 0 {}
        }
        drain.start()
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let rss = (try? String(contentsOfFile: report, encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "") } ?? 0
        return Sample(seconds: elapsed, peakRSSKiB: rss)
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
