import Console
import Foundation

// Command dispatch only; each command lives in its own module or file.
let arguments = Array(CommandLine.arguments.dropFirst())
let invocation: Invocation
do {
    invocation = try InvocationParser().parse(arguments)
} catch {
    FileHandle.standardError.write(Data("tophhie: \(error)\n".utf8))
    exit(2)
}
switch invocation {
case .version:
    print(HelpText.version)
case .help(let topic):
    print(HelpText.text(topic))
case .emulator(let rest):
    exit(EmulatorCommand.run(rest))
case .embedded, .console:
    exit(ConsoleApp.run(invocation))
}
