import TerminalUI

/// What the `tophhie` launcher does with its arguments.
///
/// Only the embedded full-screen console gets a first frame from the launcher; everything else
/// (`console`, `emulator`, help, version, line mode, anything it does not recognise) goes to the
/// console untouched, so every usage message comes from one parser. The grammar here is the embedded
/// command's (see `InvocationParser`); the console still validates the values, and puts the terminal
/// back before reporting one it refuses (an unknown preset, a `--har` folder that does not exist).
/// With `--exit-after-first-frame` (the start-up benchmark's flag) the launcher stops after painting,
/// so those checks do not run and the exit code is 0.
public enum LaunchPlan: Equatable, Sendable {
    /// Paint ``FirstFrame/embeddedHome(preset:enrolment:)``, then hand the terminal to the console (or exit,
    /// with `--exit-after-first-frame`).
    case paintFirstFrame(preset: String, enrolment: Bool, exitAfterFirstFrame: Bool)
    /// Exec the console with the same arguments, touching nothing.
    case handOver

    /// - Parameters:
    ///   - arguments: the launcher's arguments, without the program name.
    ///   - environment: read for `TERM`, as the console's choice of line mode does.
    ///   - isTerminal: whether standard input and output are both terminals.
    public init(arguments: [String], environment: [String: String], isTerminal: Bool) {
        self = .handOver
        guard isTerminal, !LineTerminal.isNeeded(environment: environment, standardOutputIsTerminal: true) else { return }
        // The console answers help wherever it appears, even as an option's value.
        guard !arguments.contains("--help"), !arguments.contains("-h") else { return }
        var preset = FirstFrame.defaultPreset
        var exitAfterFirstFrame = false
        var enrolment = false
        var idleReset = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--enrol", "--enroll": enrolment = true
            case "--exit-after-first-frame": exitAfterFirstFrame = true
            case "--preset", "--port", "--har", "--idle-reset":
                guard let value = rest.popFirst(), !value.hasPrefix("--") else { return }
                if argument == "--preset" { preset = value }
                if argument == "--port", UInt16(value) == nil { return }
                if argument == "--idle-reset" {
                    guard Int(value) != nil else { return }
                    idleReset = true
                }
            default: return
            }
        }
        // The console refuses an idle reset without enrolment: its message must not meet a painted frame.
        guard !idleReset || enrolment else { return }
        self = .paintFirstFrame(preset: preset, enrolment: enrolment, exitAfterFirstFrame: exitAfterFirstFrame)
    }
}
