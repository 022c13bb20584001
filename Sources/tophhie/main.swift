import CursesBackend
import Glibc
import Launcher

// The launcher: a small program (static Swift runtime, no Foundation) that paints the embedded
// console's first frame at once, then execs `tophhie-console`, which loads the network stack and
// the emulator and takes the terminal over as it stands. Everything else is the console's job.
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessEnvironment.current()
// `tophhie token` with a valid cached access token is answered here; anything else, a refresh included, by the console.
if let token = CachedTokenShortcut.token(arguments: arguments, environment: environment, now: epochSeconds()) {
    print(token)
    exit(0)
}
let console = ConsoleExecutable.path(in: ownFolder())
let plan = LaunchPlan(arguments: arguments, environment: environment,
                      isTerminal: isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1)

if case .paintFirstFrame(let preset, let enrolment, let exitAfterFirstFrame) = plan,
   let backend = try? CursesBackend(environment: environment) {
    backend.present(FirstFrame.embeddedHome(preset: preset, enrolment: enrolment,
                                            noBrowser: NoBrowserHere.detect(environment: environment) != nil))
    if exitAfterFirstFrame {
        backend.stop()
        exit(0)
    }
    let handover = backend.handOver()
    setenv(handover.name, handover.value, 1)
    let failure = execConsole()
    backend.stop()
    cannotStart(failure)
} else {
    cannotStart(execConsole())
}

func epochSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Replaces this process with the console, same arguments; returns (the `errno`) only if that fails.
func execConsole() -> Int32 {
    var argv: [UnsafeMutablePointer<CChar>?] = ([console] + arguments).map { strdup($0) }
    argv.append(nil)
    execv(console, &argv)
    return errno
}

func cannotStart(_ failure: Int32) -> Never {
    let message = "tophhie: cannot start \(console): \(String(cString: strerror(failure)))\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
}

/// The folder of this executable, ending with `/` (as SwiftPM builds and an install places the two
/// programs). Never empty: `execv` would take a bare name from the current folder.
func ownFolder() -> String {
    var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &path, Int(PATH_MAX))
    guard length > 0, length < Int(PATH_MAX) else { cannotFindFolder() }
    let own = String(decoding: path[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = own.lastIndex(of: "/") else { cannotFindFolder() }
    return String(own[...slash])
}

func cannotFindFolder() -> Never {
    let message = "tophhie: cannot find this program's folder (/proc/self/exe) to start \(ConsoleExecutable.name) from it\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
}
