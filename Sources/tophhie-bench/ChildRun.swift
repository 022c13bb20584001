import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of a program with no terminal (standard input from /dev/null, output to files), measured by
/// `wait4`: wall time, and the CPU time (user + system) of the program and the children it waited for.
struct ChildRun {
    let wallSeconds: Double
    let cpuSeconds: Double
    let status: Int32

    /// Runs `argv` (a path first) with `environment`, standard output to `output` (or /dev/null).
    static func measure(_ argv: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                        output: String? = nil) throws -> ChildRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let cargv = argv.map { strdup($0) } + [nil]
        defer { (envp + cargv).forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now()
        guard posix_spawn(&pid, argv[0], &actions, nil, cargv, envp) == 0 else { throw BenchmarkError("could not start \(argv[0])") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return ChildRun(wallSeconds: wall, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
                        status: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
    }

    /// The median of `values` (the upper one of an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// A program built beside this benchmark (`swift build -c release --product tophhie-bench` builds them all).
    static func sibling(_ name: String) -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent(name).path
    }

    /// `name` on `PATH`.
    static func which(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A file of this repository (the benchmark's inputs in `scripts/`), found from this source file's place.
    static func repositoryFile(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(path).path
    }
}
