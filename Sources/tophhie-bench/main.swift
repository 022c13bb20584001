import Foundation

// Benchmark dispatch: `tophhie-bench emulator [--clients N] [--flows N] [--seconds N] [--hash-iterations N] [--key-bits N]`.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "emulator":
    exit(EmulatorBenchmark.run(Array(arguments.dropFirst())))
default:
    FileHandle.standardError.write(Data("usage: tophhie-bench emulator [--clients N] [--flows N] [--seconds N] [--hash-iterations N] [--key-bits N]\n".utf8))
    exit(2)
}
