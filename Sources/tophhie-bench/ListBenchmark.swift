import Foundation

/// `tophhie-bench list [--rows N] [--runs N]`: `tophhie enrol --check` of a generated `attributes` list
/// (`scripts/enrolment-list`) beside `scripts/bench/list_check.py`, the same checks in plain Python (csv, re,
/// NFC and case-folded duplicate keys), alternating in one run. Reports the median CPU time (user + system) of
/// each and their ratio (target ≤ 0.5), and the problem lines each printed (the same count, or the run exits 1).
enum ListBenchmark {
    static let rows = CountOptions.Option(name: "--rows", defaultValue: 100_000, meaning: "people in the generated list")
    static let runs = CountOptions.Option(name: "--runs", defaultValue: 5, meaning: "timed runs of each command")
    static let options = CountOptions(command: "tophhie-bench list", options: [rows, runs])

    static func run(_ arguments: [String]) async -> Int32 {
        await options.run(arguments) { counts in try measure(rows: counts[rows], runs: counts[runs]) }
    }

    private static func measure(rows: Int, runs: Int) throws {
        let console = ChildRun.sibling("tophhie-console")
        guard FileManager.default.isExecutableFile(atPath: console) else {
            throw BenchmarkError("build it first: swift build -c release --product tophhie-bench (looked for \(console))")
        }
        guard let python = ChildRun.which("python3") else { throw BenchmarkError("python3 is not installed") }
        let folder = NSTemporaryDirectory() + "tophhie-bench-list-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = folder + "/people.csv"
        let made = try ChildRun.measure([python, ChildRun.repositoryFile("scripts/enrolment-list"), String(rows)], output: list)
        guard made.status == 0 else { throw BenchmarkError("scripts/enrolment-list failed (\(made.status))") }
        let commands: [(name: String, argv: [String])] = [
            ("tophhie enrol --check", [console, "enrol", "--check", list, "--preset", "attributes"]),
            ("python3 list_check.py", [python, ChildRun.repositoryFile("scripts/bench/list_check.py"), list]),
        ]
        var cpu: [String: [Double]] = [:]
        var wall: [String: [Double]] = [:]
        var lines: [String: Int] = [:]
        for round in 0...runs {
            for (name, argv) in commands {
                let output = folder + "/out.txt"
                let run = try ChildRun.measure(argv, output: output)
                guard run.status <= 1 else { throw BenchmarkError("\(name) exited \(run.status)") }
                lines[name] = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").count
                guard round > 0 else { continue } // the first round warms the page cache
                cpu[name, default: []].append(run.cpuSeconds)
                wall[name, default: []].append(run.wallSeconds)
            }
        }
        print("list: \(rows) rows of the attributes preset (scripts/enrolment-list), \(runs) runs each, alternating; CPU = user + system")
        for (name, _) in commands {
            print(String(format: "  %-24@ CPU median %6.3f s (min %6.3f)   wall median %6.3f s   %d problem lines", name as NSString,
                         ChildRun.median(cpu[name] ?? []), (cpu[name] ?? []).min() ?? 0, ChildRun.median(wall[name] ?? []), lines[name] ?? 0))
        }
        let ratio = ChildRun.median(cpu[commands[0].name] ?? []) / ChildRun.median(cpu[commands[1].name] ?? [])
        print(String(format: "  ratio: CPU %.2fx the Python script's (target <= 0.5x)", ratio))
        guard lines[commands[0].name] == lines[commands[1].name] else {
            throw BenchmarkError("the two found different numbers of problems: \(lines)")
        }
    }
}
