import Foundation

// Benchmark dispatch:
//   tophhie-bench emulator [options] (EmulatorBenchmark.usage)
//   tophhie-bench soak [options] (SoakBenchmark.usage)
//   tophhie-bench startup [RUNS]
//   tophhie-bench latency [options] (LatencyBenchmark.usage)
//   tophhie-bench list [options] (ListBenchmark.options.usage)
//   tophhie-bench token [options] (TokenBenchmark.options.usage)
//   tophhie-bench claims [options] (ClaimsBenchmark.options.usage)
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "emulator":
    exit(EmulatorBenchmark.run(Array(arguments.dropFirst())))
case "soak":
    exit(SoakBenchmark.run(Array(arguments.dropFirst())))
case "latency":
    exit(LatencyBenchmark.run(Array(arguments.dropFirst())))
case "list":
    exit(await ListBenchmark.run(Array(arguments.dropFirst())))
case "token":
    exit(await TokenBenchmark.run(Array(arguments.dropFirst())))
case "claims":
    exit(await ClaimsBenchmark.run(Array(arguments.dropFirst())))
case "startup":
    do {
        try StartupBenchmark.run(arguments: Array(arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("tophhie-bench startup: \(error)\n".utf8))
        exit(1)
    }
default:
    let usage = """
        usage: \(EmulatorBenchmark.usage)
               \(SoakBenchmark.usage)
               tophhie-bench startup [RUNS]
               \(LatencyBenchmark.usage)
               \(ListBenchmark.options.usage)
               \(TokenBenchmark.options.usage)
               \(ClaimsBenchmark.options.usage)

        """
    if arguments == ["--help"] || arguments == ["-h"] {
        print(usage, terminator: "")
        exit(0)
    }
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
