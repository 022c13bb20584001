import CommandGrammar
import Console
import ConsoleCommandLine
import ConsoleCommands
import CursesBackend
import EnrolmentDesk
import Foundation
import ScenarioRuns
import TenantEmulator

// Command dispatch only; each command lives in its own module or file. Started by the `tophhie`
// launcher, which may have painted the first frame and handed the terminal over (see
// TerminalHandover): every way out that does not take the terminal gives it back first.
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
let invocation: Invocation
do {
    invocation = try InvocationParser().parse(arguments)
} catch {
    TerminalHandover.release(environment: environment)
    // One prefix per command for its refused arguments and its own failures alike (`tophhie enrol: …`); the
    // console's are the program's.
    let command = arguments.first.flatMap { CommandTable.command($0) }.map(\.name).flatMap { $0 == "console" ? nil : $0 }
    FileHandle.standardError.write(Data("tophhie\(command.map { " " + $0 } ?? ""): \(error)\n".utf8))
    exit(2)
}
switch invocation {
case .version:
    TerminalHandover.release(environment: environment)
    print(HelpText.version)
case .help(let topic):
    TerminalHandover.release(environment: environment)
    print(HelpText.text(topic))
case .completion(let shell):
    TerminalHandover.release(environment: environment)
    print(CompletionScript.text(shell), terminator: "")
case .complete(let kind):
    TerminalHandover.release(environment: environment)
    switch kind {
    case "profiles": InvocationParser(environment: environment).profileNames().forEach { print($0) }
    case "presets": TenantPreset.names.forEach { print($0) }
    case "man-page": print(ManPage.text(), terminator: "")
    default: exit(ExitStatus.usage.rawValue)
    }
case .emulator(let rest):
    TerminalHandover.release(environment: environment)
    exit(EmulatorCommand.run(rest))
case .account(let command, let options):
    TerminalHandover.release(environment: environment)
    exit(await AccountCommandRunner.run(command, options))
case .run(let options):
    TerminalHandover.release(environment: environment)
    let status = ScenarioCommand.run(options)
    // An interrupted run returns while its scenarios' threads may still be inside libcurl, OpenSSL or SQLite; exit's
    // atexit handlers (OpenSSL's cleanup among them) would free what those threads use, and a loaded machine saw
    // SIGSEGV instead of 143. The reports are written; stdio is flushed here, and nothing else is owed at exit.
    fflush(nil)
    _exit(status)
case .runMerge(let directory, let reports):
    TerminalHandover.release(environment: environment)
    exit(ReportMergeCommand.run(directory: directory, reports: reports))
case .doctor(let options):
    TerminalHandover.release(environment: environment)
    exit(await DoctorCommand.run(options))
case .enrol(let options):
    TerminalHandover.release(environment: environment)
    exit(await EnrolCommand.run(options))
case .tenantDiff(let first, let second, let json):
    TerminalHandover.release(environment: environment)
    exit(TenantDiffCommand.run(first, second, json: json))
case .recordVerify(let path):
    TerminalHandover.release(environment: environment)
    exit(RecordCommand.verify(path))
case .recordDatabase(let export, let url, let event):
    TerminalHandover.release(environment: environment)
    exit(await RecordCommand.database(export: export, url: url, event: event))
case .embedded, .console:
    exit(ConsoleApp.run(invocation, environment: environment))
}
