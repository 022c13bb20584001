import Foundation
import Testing

/// Line mode in a real terminal: chosen for `TERM=dumb`, secrets not echoed, echo restored on Ctrl-C.
@Suite(.serialized)
struct LineModeInTerminalTests {
    @Test func dumbTerminalGetsPromptsAndSecretsAreNotEchoed() async throws {
        let run = try HarnessRun(term: "dumb")
        #expect(await run.waitForForm())
        run.tmux.send(literal: "Ada")
        run.tmux.send(keys: "Enter")
        #expect(await run.tmux.waitForScreen(containing: "Password:"))
        run.tmux.send(literal: "S3cret!pass")
        run.tmux.send(keys: "Enter")
        #expect(await run.tmux.waitForScreen(containing: "Code (6 digits):"))
        run.tmux.send(literal: "12")
        run.tmux.send(keys: "Enter")
        #expect(await run.tmux.waitForScreen(containing: "Enter exactly 6 digits."))
        run.tmux.send(literal: "123456")
        run.tmux.send(keys: "Enter")
        #expect(await run.waitForExit() == 0)
        #expect(run.result == ["ending": "submitted:submit", "name": "Ada", "password": "S3cret!pass", "code": "123456"])
        let screen = run.tmux.capture()
        #expect(!screen.contains("S3cret") && !screen.contains("123456"), "a secret was echoed")
        #expect(run.sttyAfter == run.sttyBefore)
    }

    @Test func ctrlCAtThePasswordPromptRestoresEcho() async throws {
        let run = try HarnessRun(term: "dumb")
        #expect(await run.waitForForm())
        run.tmux.send(literal: "Ada")
        run.tmux.send(keys: "Enter")
        #expect(await run.tmux.waitForScreen(containing: "Password:"))
        run.tmux.send(literal: "half")
        run.tmux.send(keys: "C-c")
        #expect(await run.waitForExit() == 130)
        #expect(run.sttyAfter == run.sttyBefore, "echo left off")
    }

    /// SIGUSR1 or SIGALRM at the password prompt end the harness as their default action does, with echo
    /// back on, as Ctrl-C leaves it.
    @Test(arguments: [SIGUSR1, SIGALRM])
    func aSignalAtThePasswordPromptRestoresEcho(_ signal: Int32) async throws {
        let run = try HarnessRun(term: "dumb")
        #expect(await run.waitForForm())
        run.tmux.send(literal: "Ada")
        run.tmux.send(keys: "Enter")
        #expect(await run.tmux.waitForScreen(containing: "Password:"))
        run.tmux.send(literal: "half")
        kill(try #require(run.pid), signal)
        #expect(await run.waitForExit() == 128 + Int(signal))
        #expect(run.sttyAfter == run.sttyBefore, "echo left off")
    }
}
