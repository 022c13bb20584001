import Foundation
import Testing

/// The curses backend in a real terminal (tmux): whatever ends the program, the terminal comes back
/// as it was — modes (`stty -a`), visible cursor, main screen, and no form left on it.
@Suite(.serialized)
struct TerminalRestoreTests {
    private func expectSane(_ run: HarnessRun, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.sttyBefore != nil, sourceLocation: sourceLocation)
        #expect(run.sttyAfter == run.sttyBefore, "stty -a changed", sourceLocation: sourceLocation)
        #expect(run.tmux.display("#{cursor_flag}") == "1", "cursor hidden", sourceLocation: sourceLocation)
        #expect(run.tmux.display("#{alternate_on}") == "0", "still on the alternate screen", sourceLocation: sourceLocation)
        #expect(!run.tmux.capture().contains("Harness form"), "form left on screen", sourceLocation: sourceLocation)
    }

    /// Every signal whose default action ends the process restores first, then ends it as the default
    /// would (the status names the signal): not only those a user sends on purpose.
    @Test(arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"), (SIGABRT, "SIGABRT"),
                      (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2"), (SIGALRM, "SIGALRM"), (SIGPIPE, "SIGPIPE"),
                      (SIGVTALRM, "SIGVTALRM"), (SIGXFSZ, "SIGXFSZ")])
    func signalRestoresTheTerminal(_ signal: Int32, _ name: String) async throws {
        let run = try HarnessRun(term: "xterm-256color")
        #expect(await run.waitForForm())
        run.tmux.send(literal: "half typed")
        run.tmux.send(keys: "Tab")
        run.tmux.paste("S3cret!pass")
        #expect(await run.tmux.waitForScreen(containing: "•••••••••••"))
        let pid = try #require(run.pid)
        kill(pid, signal)
        let status = try #require(await run.waitForExit())
        #expect(status == 128 + Int(signal), "\(name)")
        #expect(run.result == nil, "a signal ends the program without its normal exit")
        expectSane(run)
    }

    @Test func ctrlCQuitsAndRestores() async throws {
        let run = try HarnessRun(term: "xterm-256color")
        #expect(await run.waitForForm())
        run.tmux.send(keys: "C-c")
        #expect(await run.waitForExit() == 0)
        #expect(run.result?["ending"] == "quit")
        expectSane(run)
    }

    /// Ctrl-C quits from the help screen (an overlay) as from the form, and restores the terminal.
    @Test func ctrlCQuitsFromTheHelpScreen() async throws {
        let run = try HarnessRun(term: "xterm-256color")
        #expect(await run.waitForForm())
        run.tmux.send(keys: "F1")
        #expect(await run.tmux.waitForScreen(containing: "Keys: this screen"), "\(run.tmux.capture())")
        run.tmux.send(keys: "C-c")
        #expect(await run.waitForExit() == 0, "Ctrl-C on the help screen did not quit")
        #expect(run.result?["ending"] == "quit")
        expectSane(run)
    }

    // newterm, not initscr: an unknown TERM is an error the program can answer (line mode, a
    // message), not an exit from inside ncurses, and the terminal is left untouched.
    @Test func unknownTerminalIsReportedAndChangesNothing() async throws {
        let run = try HarnessRun(term: "no-such-terminal")
        #expect(await run.waitForExit() == 2)
        #expect(run.tmux.capture().contains("the terminal type \"no-such-terminal\" is not known to ncurses"))
        #expect(run.sttyAfter == run.sttyBefore)
    }
}
