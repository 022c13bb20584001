import CommandGrammar
import TerminalUI

/// What the `tophhie` launcher does with its arguments.
///
/// Only the embedded full-screen console gets a first frame from the launcher; everything else
/// (`console`, `emulator`, help, version, line mode, anything it does not recognise) goes to the
/// console untouched, so every usage message comes from one parser. The grammar is the embedded
/// command's in `CommandTable`, the console's own; the console still validates the values, and puts the terminal
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
        // A command word, an option the embedded console does not take, or a missing value: the console says so.
        guard arguments.first.flatMap({ CommandTable.command($0) }) == nil,
              let scanned = try? CommandTable.embedded.scan(arguments), !scanned.has(.console(.line)) else { return }
        let preset = scanned.last(.preset) ?? FirstFrame.defaultPreset
        let enrolment = scanned.has(.console(.enrol))
        let exitAfterFirstFrame = scanned.has(.console(.exitAfterFirstFrame))
        if let port = scanned.last(.port), UInt16(port) == nil { return }
        if let seconds = scanned.last(.console(.idleReset)), Int(seconds) == nil { return }
        let idleReset = scanned.has(.console(.idleReset))
        // The console refuses an idle reset without enrolment: its message must not meet a painted frame.
        guard !idleReset || enrolment else { return }
        // Nor enrolment with a token cache, which it would not write.
        guard !enrolment || !scanned.has(.console(.tokenCache)) else { return }
        // The first frame is English: a console in another language paints its own, so no English flashes first.
        guard Self.isEnglish(scanned.last(.console(.language)), environment: environment) else { return }
        self = .paintFirstFrame(preset: preset, enrolment: enrolment, exitAfterFirstFrame: exitAfterFirstFrame)
    }

    /// Whether the console's screens will be English: `--language`, else the first of `LC_ALL`, `LC_MESSAGES`, `LANG`
    /// that is set (as `Localizer.resolved` reads them), is `en…`, `C`, `POSIX` or nothing.
    static func isEnglish(_ option: String?, environment: [String: String]) -> Bool {
        let tag = option ?? ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let language = tag.prefix { $0.isLetter }.lowercased()
        return language == "en" || tag == "C" || tag == "POSIX" || tag.hasPrefix("C.") || language.isEmpty
    }
}
