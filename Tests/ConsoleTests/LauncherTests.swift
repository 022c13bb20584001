@testable import ConsoleCommandLine
import Foundation
import AccountFlow
@testable import Console
import Launcher
import TenantEmulator
import Testing

/// The launcher paints a frame the console then repaints, and decides alone whether to paint: both
/// must agree with the console, or the hand-over shows a jump or paints over a usage error.
@Suite struct LauncherTests {
    @Test(arguments: [(FirstFrame.defaultPreset, false), ("mfa", true), ("Tests/EndToEndTests/Policies/x.json", false)])
    func launcherFrameIsTheConsolesFirstFrame(preset: String, enrol: Bool) {
        let console = Front.firstFrame(settings: FlowSettings(enrolmentMode: enrol), header: FirstFrame.startingHeader(preset: preset))
        #expect(FirstFrame.embeddedHome(preset: preset, enrolment: enrol) == console)
    }

    /// Over SSH or without a display the device code comes before the browser, in the launcher's frame as in the console's.
    @Test(arguments: [false, true])
    func launcherFrameWithNoBrowserIsTheConsolesFirstFrame(enrol: Bool) {
        let console = Front.firstFrame(settings: FlowSettings(enrolmentMode: enrol, browserAbsence: .overSSH),
                                       header: FirstFrame.startingHeader(preset: "mfa"))
        #expect(FirstFrame.embeddedHome(preset: "mfa", enrolment: enrol, noBrowser: true) == console)
    }

    @Test func noBrowserHereReadsSSHAndTheDisplayAndBowsToBROWSER() {
        #expect(NoBrowserHere.detect(environment: ["SSH_CONNECTION": "10.0.0.2 50000 10.0.0.1 22", "DISPLAY": ":0"]) == .overSSH)
        #expect(NoBrowserHere.detect(environment: ["SSH_TTY": "/dev/pts/3", "DISPLAY": ":0"]) == .overSSH)
        #expect(NoBrowserHere.detect(environment: [:]) == .noDisplay)
        #expect(NoBrowserHere.detect(environment: ["DISPLAY": ":0"]) == nil)
        #expect(NoBrowserHere.detect(environment: ["WAYLAND_DISPLAY": "wayland-0"]) == nil)
        #expect(NoBrowserHere.detect(environment: ["SSH_TTY": "/dev/pts/3", "BROWSER": "/usr/local/bin/open-on-laptop"]) == nil)
    }

    @Test func defaultPresetIsTheEmulators() {
        #expect(FirstFrame.defaultPreset == TenantPreset.defaultName)
    }

    static let argumentLists: [[String]] = [
        [], ["--enrol"], ["--enroll", "--preset", "strict"], ["--preset", "mfa", "--port", "8443", "--har", "/tmp/s.har"],
        ["--exit-after-first-frame"], ["--preset", "Tests/EndToEndTests/Policies/x.json"],
        ["--line"], ["--preset", "mfa", "--line"], ["--help"], ["-h"], ["--version"], ["help"],
        ["console", "--authority", "https://contoso.ciamlogin.com/t", "--client-id", "c"], ["emulator", "--port", "0"],
        ["--bogus"], ["--preset"], ["--preset", "--enrol"], ["--port", "99999"], ["--har"], ["extra"],
        ["--har", "-h"], ["--preset", "-h"], ["--enrol", "--help"],
        ["--enrol", "--idle-reset", "30"], ["--idle-reset", "30", "--enroll"], ["--idle-reset", "30"], ["--enrol", "--idle-reset"],
        ["--enrol", "--token-cache", "/tmp/c.json"], ["--token-cache", "/tmp/c.json"], ["--version", "--bogus"], ["--scopes", "User.Read"],
    ]

    /// Paints exactly when the console would run full-screen on the embedded emulator.
    @Test(arguments: argumentLists)
    func launcherPaintsOnlyForTheEmbeddedFullScreenConsole(arguments: [String]) {
        let environment = ["TERM": "xterm-256color"]
        let invocation = try? InvocationParser(environment: environment).parse(arguments)
        var consolePaints = false
        var consolePreset = ""
        if case .embedded(let preset, let options)? = invocation, !options.lineMode {
            consolePaints = true
            consolePreset = preset
        }
        let plan = LaunchPlan(arguments: arguments, environment: environment, isTerminal: true)
        if consolePaints {
            #expect(plan == .paintFirstFrame(preset: consolePreset, enrolment: arguments.contains("--enrol") || arguments.contains("--enroll"),
                                             exitAfterFirstFrame: arguments.contains("--exit-after-first-frame")))
        } else {
            #expect(plan == .handOver)
        }
    }

    /// The launcher's first frame is English: for another language the console paints the first frame itself.
    @Test func noEnglishFrameForAnotherLanguage() {
        let terminal = ["TERM": "xterm"]
        #expect(LaunchPlan(arguments: [], environment: terminal.merging(["LANG": "de_DE.UTF-8"]) { $1 }, isTerminal: true) == .handOver)
        #expect(LaunchPlan(arguments: ["--language", "qps"], environment: terminal, isTerminal: true) == .handOver)
        #expect(LaunchPlan(arguments: ["--language", "en"], environment: terminal.merging(["LANG": "pl_PL"]) { $1 }, isTerminal: true)
            == .paintFirstFrame(preset: FirstFrame.defaultPreset, enrolment: false, exitAfterFirstFrame: false))
        #expect(LaunchPlan(arguments: [], environment: terminal.merging(["LANG": "C.UTF-8"]) { $1 }, isTerminal: true)
            == .paintFirstFrame(preset: FirstFrame.defaultPreset, enrolment: false, exitAfterFirstFrame: false))
    }

    @Test func noFrameWithoutAUsableTerminal() {
        #expect(LaunchPlan(arguments: [], environment: ["TERM": "xterm"], isTerminal: false) == .handOver)
        #expect(LaunchPlan(arguments: [], environment: ["TERM": "dumb"], isTerminal: true) == .handOver)
        #expect(LaunchPlan(arguments: [], environment: [:], isTerminal: true) == .handOver)
    }

    /// The one divergence: the launcher cannot know the preset names, so the console refuses one
    /// after the frame is painted (and gives the terminal back first; see the end-to-end test).
    @Test func unknownPresetIsPaintedThenRefusedByTheConsole() {
        #expect(LaunchPlan(arguments: ["--preset", "nope"], environment: ["TERM": "xterm"], isTerminal: true)
            == .paintFirstFrame(preset: "nope", enrolment: false, exitAfterFirstFrame: false))
        #expect(throws: UsageError.self) { try InvocationParser(environment: [:]).parse(["--preset", "nope"]) }
    }

    /// The launcher execs the newer of the installed console and SwiftPM's plugin build of it, and
    /// names the installed one when neither is there.
    @Test func launcherExecsTheNewerConsole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launcher-\(UUID().uuidString)/").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func write(_ name: String, age seconds: TimeInterval) throws {
            let path = folder + name
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-seconds)], ofItemAtPath: path)
        }
        #expect(ConsoleExecutable.path(in: folder) == folder + "tophhie-console")
        try write("tophhie-console-tool", age: 60)
        #expect(ConsoleExecutable.path(in: folder) == folder + "tophhie-console-tool")
        try write("tophhie-console", age: 120)
        #expect(ConsoleExecutable.path(in: folder) == folder + "tophhie-console-tool")
        try write("tophhie-console", age: 0)
        #expect(ConsoleExecutable.path(in: folder) == folder + "tophhie-console")
    }
}

