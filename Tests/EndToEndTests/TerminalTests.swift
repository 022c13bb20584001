import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The console as a terminal program: resize and interruption.
    @Suite struct Terminal {
        @Test func resizeMidFormKeepsEveryValue() async throws {
            let run = try ConsoleRun()
            #expect(await run.waitForHome())
            let email = "resize.me@example.com"
            run.choose(3)
            #expect(await run.wait(for: "Confirm password"))
            run.fill([email, "Str0ng!Passw0rd", "Str0ng!Passw0rd"])
            #expect(await run.wait(for: "[•••••••••••••••"), "\(run.screen)")
            run.tmux.resize(width: 120, height: 40)
            #expect(await run.tmux.wait { run.screen.split(separator: "\n").first?.count ?? 0 > 100 }, "no redraw at 120 columns")
            #expect(run.field("Email", shows: email), "\(run.screen)")
            run.tmux.resize(width: 60, height: 20)
            #expect(await run.tmux.wait { run.field("Email", shows: email) }, "\(run.screen)")
            run.tmux.resize(width: 80, height: 24)
            #expect(await run.tmux.wait { run.field("Email", shows: email) }, "\(run.screen)")
            #expect(run.field("Password", shows: "•••••••••••••••"))
            #expect(run.field("Confirm password", shows: "•••••••••••••••"))
            // Both passwords survived intact: the server accepts them and sends the code.
            run.keys("Enter")
            #expect(await run.wait(for: "Check your email", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(await run.quit() == 0)
        }

        /// `tophhie` is a launcher that paints the first frame and execs the console: keys typed from
        /// the very start (before the launcher, while it paints, while the console loads) wait in the
        /// terminal's queue and reach the console.
        @Test func keysTypedWhileTheConsoleLoadsAreKept() async throws {
            let run = try ConsoleRun()
            run.keys("Down", "Down", "Down", "Enter")  // Sign up, after the three ways to sign in
            #expect(await run.wait(for: "Confirm password", timeout: .seconds(20)), "\(run.screen)")
            #expect(await run.quit() == 0)
            run.expectSaneTerminal()
        }

        /// The launcher paints before the console has checked the arguments; a value the console
        /// refuses must still end with the message on a restored terminal.
        @Test func argumentRefusedAfterTheFirstFrameGivesTheTerminalBack() async throws {
            let run = try ConsoleRun(preset: "nope")
            #expect(await run.waitForExit() == 2)
            #expect(await run.wait(for: "--preset nope: unknown preset"), "\(run.screen)")
            #expect(!run.screen.contains("Tophhie Account Console"), "the first frame was left on screen")
            run.expectSaneTerminal()
        }

        /// A signal that arrives while the launcher hands over (the console still loading) waits for the
        /// console's handlers: the terminal is restored and the status is the signal's.
        @Test(arguments: [(SIGTERM, 0.005), (SIGTERM, 0.015), (SIGHUP, 0.01), (SIGINT, 0.02), (SIGQUIT, 0.01)])
        func aSignalDuringTheHandOverRestoresTheTerminal(signal: Int32, delay: Double) async throws {
            let binary = try ConsoleBinary.require()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-e2e-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // The console runs in the foreground (it owns the terminal) under a pid the killer reads
            // from a file, as a supervisor or a closing terminal would signal it.
            let script = """
                unset NO_COLOR; export LANG=C.UTF-8 TERM=xterm-256color; stty -a > '\(folder)/before'; \
                (sleep \(delay); kill -\(signal) $(cat '\(folder)/pid')) & \
                sh -c 'echo $$ > "$0/pid"; exec "$1" --port 0' '\(folder)' '\(binary)'; \
                echo $? > '\(folder)/status.tmp'; stty -a > '\(folder)/after'; \
                mv '\(folder)/status.tmp' '\(folder)/status'; exec sleep 600
                """
            let tmux = try TmuxSession(command: script)
            defer { tmux.stop() }
            let read = { (name: String) in try? String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8) }
            #expect(await tmux.wait(timeout: .seconds(20)) { read("status") != nil }, "the console did not end:\n\(tmux.capture())")
            #expect(read("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "\(128 + signal)")
            #expect(read("after") == read("before"), "stty -a changed")
            #expect(tmux.display("#{cursor_flag}") == "1", "cursor hidden")
            #expect(tmux.display("#{alternate_on}") == "0", "still on the alternate screen")
        }

        /// A terminal a dead program left in kitty's keyboard mode sends every key as `ESC [ … u`: Enter
        /// opens the sign-in form, letters type, Tab moves, Esc (asked, then again) goes home, Ctrl-C
        /// (from the F1 help screen, itself opened with kitty's F1) quits with the terminal sane.
        @Test func keysFromKittysKeyboardModeDriveTheConsole() async throws {
            let run = try ConsoleRun()
            #expect(await run.waitForHome())
            run.keys("Up", "Up", "Up", "Up", "Up", "Up")
            run.type("\u{1B}[13;129u")
            #expect(await run.wait(for: "Password (optional)"), "kitty's Enter did not open the sign-in form:\n\(run.screen)")
            run.type("\u{1B}[97u\u{1B}[100;65u\u{1B}[65;2u\u{1B}[127u\u{1B}[97u\u{1B}[9u")
            #expect(await run.tmux.wait { run.field("Email", shows: "ada") }, "\(run.screen)")
            run.type("\u{1B}[27u")
            #expect(await run.wait(for: "Press Esc again"), "\(run.screen)")
            run.type("\u{1B}[27u")
            #expect(await run.wait(for: "Reset password"), "kitty's Esc did not go home:\n\(run.screen)")
            run.type("\u{1B}[1;1P")
            #expect(await run.wait(for: "Keys: this screen"), "\(run.screen)")
            run.type("\u{1B}[99;5u")
            #expect(await run.waitForExit() == 0, "kitty's Ctrl-C on the help screen did not quit")
            run.expectSaneTerminal()
        }

        @Test func ctrlCMidFlowLeavesTheTerminalSane() async throws {
            let run = try ConsoleRun(preset: "mfa")
            #expect(await run.waitForHome())
            await run.signIn("jane.doe@contoso.com", "Blue-Harbor-7419!")
            #expect(await run.wait(for: "Choose where to send a code", timeout: ConsoleRun.serverWait))
            let status = await run.quit()
            #expect(status != nil, "the console did not exit on ^C")
            run.expectSaneTerminal()
            #expect(!run.screen.contains("Choose where to send a code"), "the console's screen was left behind")
        }
    }
}
