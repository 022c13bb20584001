import Foundation

// Command dispatch only; each command lives in its own file.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "emulator":
    exit(EmulatorCommand.run(Array(arguments.dropFirst())))
case "--version":
    print("tophhie 0.1.0")
default:
    FileHandle.standardError.write(Data("usage: tophhie emulator [options]   (tophhie emulator --help)\n".utf8))
    exit(2)
}
