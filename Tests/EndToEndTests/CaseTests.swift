import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Every field case in docs/field-cases.md, reproduced in the console against the embedded emulator.
    /// Field case 005 (refresh after MFA was enabled) has no console path: the console never refreshes
    /// tokens, so it is covered at the framework level only. Field case 006 (a tenant regex that does not
    /// compile) cannot come from the emulator alone, whose policy loader refuses such a pattern: a
    /// proxy between the console and a standalone emulator rewrites the pattern the server sends.
    @Suite struct Cases {
        @Test func case001RedirectNamesTheMissingChallengeType() async throws {
            let run = try ConsoleRun(preset: "narrow-client.json")
            #expect(await run.waitForHome())
            await run.signIn("jane.doe@contoso.com", "Blue-Harbor-7419!")
            #expect(await run.wait(for: "A browser is needed", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.screen.contains("Fix: Add oob to the app's challenge types"), "\(run.screen)")
            // With the outbox pane open the screen opens scrolled to its buttons; its top says what happened.
            run.keys("PPage")
            #expect(await run.wait(for: "The client does not support the challenge types"), "\(run.screen)")
            run.keys("NPage")
            #expect(await run.wait(for: "Challenge types sent"), "\(run.screen)")
            let sent = try #require(run.line(containing: "Challenge types sent"))
            #expect(sent.contains("password redirect") && !sent.contains("oob"))
            let missing = try #require(run.line(containing: "Challenge types not sent"))
            #expect(missing.contains("oob"))
            #expect(run.screen.contains("Start again") && run.screen.contains("Home"), "no way out offered")
            #expect(await run.quit() == 1, "a web fallback ends the flow as failed")
        }

        @Test func case002ShortPhoneNumberKeepsTheRegistrationStep() async throws {
            let run = try ConsoleRun(preset: "mfa")
            #expect(await run.waitForHome())
            await run.signIn("sam.lee@contoso.com", "Green-Valley-3381!")
            #expect(await run.wait(for: "Add a verification method", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.keys("Down", "Enter")
            #expect(await run.wait(for: "Phone number"))
            run.type("+123")
            run.keys("Enter")
            #expect(await run.wait(for: "doesn't look right", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.field("Phone number", shows: "+123"), "the typed number was not kept")
            #expect(run.screen.contains("Add a phone number"), "the registration step was left")
            await run.focus("Phone number")
            run.clearField()
            run.type("+14255550199")
            run.keys("Enter")
            try await run.enterCode(sentTo: "+14255550199", title: "Confirm your new method")
            #expect(await run.wait(for: "Signed in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            let sam = try #require(try await run.control.users().first { $0["email"] as? String == "sam.lee@contoso.com" })
            let methods = sam["methods"] as? [[String: Any]] ?? []
            #expect(methods.contains { $0["target"] as? String == "+14255550199" })
            #expect(await run.quit() == 0)
        }

        @Test func case003BlockedSMSKeepsThePickerAndEmailWorks() async throws {
            let run = try ConsoleRun(preset: "sms-blocked.json")
            #expect(await run.waitForHome())
            await run.signIn("jane.doe@contoso.com", "Blue-Harbor-7419!")
            #expect(await run.wait(for: "Choose where to send a code", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.keys("Down", "Enter")
            #expect(await run.wait(for: "That method is blocked right now", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.screen.contains("Choose where to send a code"), "the picker was left")
            #expect(run.line(containing: "Text message (SMS)")?.contains("Blocked right now") == true, "\(run.screen)")
            run.keys("Up", "Enter")
            try await run.enterCode(sentTo: "jane.backup@contoso.com", title: "code by email to j***@c*****o.com")
            #expect(await run.wait(for: "Signed in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(await run.quit() == 0)
        }

        @Test func case004NonASCIIAttributesRoundTrip() async throws {
            let run = try ConsoleRun(preset: "non-ascii-attributes.json")
            #expect(await run.waitForHome())
            let email = "zoe@example.com"
            let name = "Zoë Ångström-Łukasiewicz", city = "São Paulo", motto = "Carpe diem 🌍"
            await run.startSignUp(email: email, password: "Str0ng!Passw0rd")
            try await run.enterCode(sentTo: email, title: "Check your email")
            #expect(await run.wait(for: "A few more details", timeout: ConsoleRun.serverWait))
            run.fill([name, city, motto])
            #expect(await run.wait(for: "Carpe diem"))
            run.keys("Enter")
            #expect(await run.wait(for: "Signed in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            // The id token's name claim carries the display name back unchanged.
            #expect(await run.wait(for: name), "the display name did not come back unchanged:\n\(run.screen)")
            let user = try #require(try await run.control.users().first { $0["email"] as? String == email })
            let attributes = try #require(user["attributes"] as? [String: String])
            #expect(attributes["displayName"] == name)
            #expect(attributes["city"] == city)
            #expect(attributes["extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_motto"] == motto)
            #expect(await run.quit() == 0)
        }

        // Field case 007 (docs/field-cases.md) in a console field: the terminal's cursor sits at the summed display width.
        @Test func case007CursorAfterWideCharacters() async throws {
            let run = try ConsoleRun()
            #expect(await run.waitForHome())
            run.choose(0)
            #expect(await run.wait(for: "Password (optional)"))
            run.type("あいう")
            run.tmux.paste("한글中文日本語ABC")
            #expect(await run.wait(for: "あいう한글中文日本語ABC"), "\(run.screen)")
            let line = try #require(run.line(containing: "Email"))
            let boxStart = line.distance(from: line.startIndex, to: try #require(line.firstIndex(of: "["))) + 1
            // Display columns before the box are one per character here (ASCII label and spaces).
            #expect(await run.tmux.wait { run.tmux.display("#{cursor_x}") == "\(boxStart + 23)" },
                    "cursor at \(run.tmux.display("#{cursor_x}")), expected \(boxStart + 23)")
            // The form's frame (the outbox pane is open) ends the row after the box.
            #expect(line.hasSuffix("]") || line.hasSuffix("]┃"), "the text pushed the box border")
            run.keys("Left", "Left")
            run.type("x")
            #expect(await run.wait(for: "あいう한글中文日本語AxBC"), "\(run.screen)")
            #expect(await run.quit() == 0)
        }

        // Field case 008 (docs/field-cases.md): a bracketed paste fills the password exactly; a pasted newline does not submit.
        @Test func case008BracketedPasteIntoThePassword() async throws {
            let run = try ConsoleRun()
            #expect(await run.waitForHome())
            run.choose(0)
            #expect(await run.wait(for: "Password (optional)"))
            run.type("jane.doe@contoso.com")
            run.keys("Tab")
            run.tmux.paste("S3cret!pass")
            run.tmux.paste("\n")
            #expect(await run.wait(for: "[•••••••••••" + " "), "\(run.screen)")
            run.keys("C-r") // reveal: the field holds exactly the pasted text
            #expect(await run.wait(for: "[S3cret!pass "), "\(run.screen)")
            // The reveal came after the paste's newline: a submit would be on screen by now.
            #expect(!run.screen.contains("Signing in") && !run.screen.contains("We couldn't"), "the pasted newline submitted")
            #expect(!run.screen.contains("200~") && !run.screen.contains("201~"), "paste markers inserted")
            #expect(run.field("Email", shows: "jane.doe@contoso.com"), "something was inserted in the email")
            #expect(await run.quit() == 0)
        }

        // Field case 009 (docs/field-cases.md): every Home/End sequence moves within a console text field, inserts nothing, and
        // Shift-Tab moves focus back, under each TERM value.
        @Test(arguments: ["xterm-256color", "screen-256color", "tmux-256color"])
        func case009HomeEndSequences(_ term: String) async throws {
            let run = try ConsoleRun(term: term)
            #expect(await run.waitForHome())
            run.choose(0)
            #expect(await run.wait(for: "Password (optional)"))
            let pairs = [("\u{1B}[H", "\u{1B}[F"), ("\u{1B}[1~", "\u{1B}[4~"), ("\u{1B}[7~", "\u{1B}[8~"), ("\u{1B}OH", "\u{1B}OF")]
            for (home, end) in pairs {
                run.clearField()
                run.type("abcdef")
                run.keys("Left", "Left", "Left")
                run.type(home)
                run.type("<")
                run.type(end)
                run.type(">")
                #expect(await run.tmux.wait { run.field("Email", shows: "<abcdef>") },
                        "\(term) \(home.debugDescription)/\(end.debugDescription):\n\(run.screen)")
            }
            run.keys("Tab")
            run.type("\u{1B}[Z")
            run.type("!")
            #expect(await run.tmux.wait { run.field("Email", shows: "<abcdef>!") }, "\(term) Shift-Tab:\n\(run.screen)")
            #expect(await run.quit() == 0)
        }

        // Field case 010 (docs/field-cases.md): a wrong code keeps the code screen (said, cleared, same flow); an expired flow
        // restarts from the first screen with the email kept.
        @Test func case010WrongCodeThenExpiredFlow() async throws {
            let run = try ConsoleRun()
            #expect(await run.waitForHome())
            let email = "wrong.code@example.com"
            await run.startSignUp(email: email, password: "Str0ng!Passw0rd")
            #expect(await run.wait(for: "Check your email", timeout: ConsoleRun.serverWait))
            let code = try await run.control.code(to: email)
            let wrong = String(code.map { $0 == "9" ? "0" : Character(String(($0.wholeNumberValue ?? 0) + 1)) })
            run.type(wrong)
            run.keys("Enter")
            #expect(await run.wait(for: "That code isn't right", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.screen.contains("Check your email"))
            #expect(run.screen.contains("[" + Array(repeating: "_", count: code.count).joined(separator: " ") + "]"), "the code field was not cleared")
            #expect(try await run.control.outbox(to: email).count == 1, "a new flow was started")
            run.type(code)
            run.keys("Enter")
            #expect(await run.wait(for: "A few more details", timeout: ConsoleRun.serverWait), "the right code did not work:\n\(run.screen)")
            // Past the continuation token's lifetime (600 s in this preset).
            try await run.control.advanceClock(seconds: 700)
            run.type("Late Person")
            run.keys("Enter")
            #expect(await run.wait(for: "The session timed out", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.screen.contains("Sign up"))
            #expect(run.field("Email", shows: email), "the email was not kept:\n\(run.screen)")
            #expect(await run.quit() == 0)
        }

        @Test func case006UncompilableTenantRegexStillSubmits() async throws {
            let binary = try ConsoleBinary.require()
            let emulatorPort = try RefusingPort.free()
            let log = NSTemporaryDirectory() + "tophhie-e2e-emulator-\(UUID().uuidString).log"
            defer { unlink(log) }
            let emulator = try #require(ChildProcess.start([binary, "emulator", "--tenant", ConsoleRun.policy("backup-email-regex.json"),
                                                     "--port", "\(emulatorPort)", "--hash-iterations", "1000"], outputPath: log))
            defer { ChildProcess.stop(emulator) }
            let control = ControlAPI(origin: "http://127.0.0.1:\(emulatorPort)")
            await eventually(timeout: .seconds(20), interval: .milliseconds(100)) { (try? await control.request("GET", "tenant")) != nil }
            // The tenant's pattern as the server sends it, swapped for one that ICU refuses.
            let proxy = try RewritingProxy(upstream: "http://127.0.0.1:\(emulatorPort)",
                                           replacing: [(#""^[^@]+@[^@]+[.][a-z]+$""#, #"".*@.**$""#)])
            defer { proxy.stop() }
            let run = try ConsoleRun(arguments: [
                "console", "--authority", "http://127.0.0.1:\(proxy.port)/8d4e5f6a-7b8c-4d9e-9f0a-2b3c4d5e6f7a",
                "--client-id", "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48", "--sign-up", "password",
            ], embedded: false)
            #expect(await run.waitForHome())
            let email = "regex.case@example.com"
            await run.startSignUp(email: email, password: "Str0ng!Passw0rd")
            #expect(await run.wait(for: "Check your email", timeout: ConsoleRun.serverWait), "\(run.screen)")
            type(try await control.code(to: email), into: run)
            // The form renders, with the note on the field whose pattern cannot be checked here.
            #expect(await run.wait(for: "A few more details", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.screen.contains("Email 2"), "\(run.screen)")
            #expect(await run.wait(for: "can't be checked here"), "no note on the field:\n\(run.screen)")
            // Submit is not blocked: the server checks and marks the field.
            run.type("not-an-email")
            run.keys("Enter")
            #expect(await run.wait(for: "✗", timeout: ConsoleRun.serverWait), "the server's refusal is not on the field:\n\(run.screen)")
            #expect(run.screen.contains("A few more details"))
            run.clearField()
            run.type("zoe.backup@example.com")
            run.keys("Enter")
            #expect(await run.waitUntilGone("A few more details", timeout: ConsoleRun.serverWait), "\(run.screen)")
            let user = try #require(try await control.users().first { $0["email"] as? String == email })
            #expect((user["attributes"] as? [String: String])?["email2"] == "zoe.backup@example.com")
            _ = await run.quit()
        }

        /// Field case 005 (docs/field-cases.md): the tenant turns MFA on after the sign-in; the account screen's refresh is refused
        /// (50076) and the console starts an interactive sign-in for the same email, which meets MFA.
        @Test func case005RefreshAfterMFAEnabledStartsAnInteractiveSignIn() async throws {
            let binary = try ConsoleBinary.require()
            let port = try RefusingPort.free()
            let folder = NSTemporaryDirectory() + "tophhie-e2e-005-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let control = ControlAPI(origin: "http://127.0.0.1:\(port)")
            func startEmulator(_ tenant: String) async throws -> pid_t {
                let pid = try #require(ChildProcess.start([binary, "emulator", "--tenant", tenant, "--port", "\(port)",
                                                    "--data", folder + "/tenant.sqlite", "--hash-iterations", "1000"],
                                                   outputPath: folder + "/emulator-\(UUID().uuidString).log"))
                await eventually(timeout: .seconds(20), interval: .milliseconds(100)) { (try? await control.request("GET", "tenant")) != nil }
                return pid
            }
            var emulator = try await startEmulator(ConsoleRun.policy("mfa-off.json"))
            defer { ChildProcess.stop(emulator) }
            let run = try ConsoleRun(arguments: [
                "console", "--authority", "http://127.0.0.1:\(port)/0d9e8f7a-6b5c-4d3e-a2f1-0e9d8c7b6a54",
                "--client-id", "8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48",
            ], embedded: false)
            #expect(await run.waitForHome())
            await run.signIn("jane.doe@contoso.com", "Blue-Harbor-7419!")
            #expect(await run.wait(for: "Refresh now", timeout: ConsoleRun.serverWait), "\(run.screen)")

            // The tenant switches MFA on (same users, same signing key).
            await ChildProcess.terminate(emulator)
            emulator = try await startEmulator("mfa")
            run.keys("Tab")  // from "Home" to "Refresh now" (buttons show focus by colour, not ▸)
            run.keys("Enter")
            #expect(await run.wait(for: "Additional verification is now required", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.field("Email", shows: "jane.doe@contoso.com"), "the email was not kept:\n\(run.screen)")
            await run.focus("Password")
            run.type("Blue-Harbor-7419!")
            run.keys("Enter")
            #expect(await run.wait(for: "Verify it's you", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(await run.quit() == 0)
        }

        private func type(_ code: String, into run: ConsoleRun) {
            run.type(code)
            run.keys("Enter")
        }
    }
}

extension EndToEnd {
    /// Field cases 015 and 018 (docs/field-cases.md): the console as a terminal program under a plain shell and on terminals without
    /// an alternate screen.
    @Suite struct TerminalCases {
        /// Field case 015 (docs/field-cases.md): `dash -i` repairs no terminal modes when a job stops. Stopped by SIGTSTP mid-form, the
        /// console gives the shell the modes it had (stty -a before launch, while stopped and after `fg`
        /// agree), bracketed paste off and the main screen; after `fg` it repaints with what was typed.
        @Test func case015StopUnderAPlainShellGivesTheShellItsTerminal() async throws {
            let binary = try ConsoleBinary.require()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-e2e-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let tmux = try TmuxSession(command: "env -u NO_COLOR LANG=C.UTF-8 TERM=xterm-256color PS1='sh> ' HOME='\(folder)' dash -i")
            defer { tmux.stop() }
            let read = { (name: String) in try? String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8) }
            let command = { (text: String) in
                tmux.send(literal: text)
                tmux.send(keys: "Enter")
            }
            #expect(await tmux.waitForScreen(containing: "sh>"))
            command("stty -a > '\(folder)/before'; \(ProgramWrap.prefix) \(ConsoleRun.quote(binary)) --port 0")
            #expect(await tmux.waitForScreen(containing: "Reset password", timeout: .seconds(20)), "\(tmux.capture())")
            tmux.send(keys: "Enter")  // Sign in
            #expect(await tmux.waitForScreen(containing: "Password (optional)"), "\(tmux.capture())")
            tmux.send(literal: "con")
            #expect(await tmux.waitForScreen(containing: "[con "), "\(tmux.capture())")

            let shell = try #require(pid_t(tmux.display("#{pane_pid}")))
            let children = { (parent: pid_t) in
                ((try? String(contentsOfFile: "/proc/\(parent)/task/\(parent)/children", encoding: .utf8)) ?? "").split(separator: " ").compactMap { pid_t($0) }
            }
            let comm = { (pid: pid_t) in (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) }
            let console = try #require(children(shell).first)
            kill(console, SIGTSTP)
            #expect(await tmux.waitForScreen(containing: "Stopped"), "\(tmux.capture())")
            #expect(tmux.display("#{alternate_on}") == "0", "still on the alternate screen")
            #expect(tmux.display("#{keypad_flag}") == "0" && tmux.display("#{mouse_any_flag}") == "0")
            #expect(tmux.display("#{cursor_flag}") == "1", "cursor hidden")
            command("stty -a > '\(folder)/stopped'")
            #expect(await tmux.wait { read("stopped")?.hasSuffix("\n") == true }, "the shell cannot run a command:\n\(tmux.capture())")
            // Bracketed paste is off: a paste reaches a program as the text alone.
            command("cat -v > '\(folder)/pasted'")
            // cat shows nothing when it is ready: wait for the shell to have started it.
            #expect(await tmux.wait { children(shell).contains { comm($0) == "cat" } }, "the shell did not start cat")
            tmux.paste("xy")
            tmux.send(keys: "Enter")
            tmux.send(keys: "C-d")
            #expect(await tmux.wait { read("pasted") == "xy\n" }, "pasted: \(read("pasted") ?? "nothing")")

            command("fg")
            #expect(await tmux.waitForScreen(containing: "Password (optional)"), "no repaint after fg:\n\(tmux.capture())")
            #expect(tmux.display("#{alternate_on}") == "1", "the console did not take its screen back")
            tmux.send(literal: "toso")
            #expect(await tmux.waitForScreen(containing: "[contoso "), "what was typed before the stop is lost:\n\(tmux.capture())")
            tmux.send(keys: "C-c")
            #expect(await tmux.wait { !tmux.capture().contains("Password (optional)") }, "\(tmux.capture())")
            // After a stop the shell drops the rest of the command line: ask for the status on its own.
            command("echo status=$?")
            #expect(await tmux.waitForScreen(containing: "status=0"), "\(tmux.capture())")
            command("stty -a > '\(folder)/after'")
            #expect(await tmux.wait { read("after")?.hasSuffix("\n") == true })
            #expect(read("before") != nil)
            #expect(read("stopped") == read("before"), "stty -a while stopped differs from before launch")
            #expect(read("after") == read("before"), "stty -a after the console differs from before launch")
        }

        /// Field case 018 (docs/field-cases.md): on terminals without an alternate screen (tmux copies a cleared screen into its
        /// history), nothing a person typed in enrolment mode reaches the scrollback: not when the next
        /// person starts, not when the console quits. (`TERM=ansi` is left out: it has no `xenl`, which
        /// tmux emulates, so full-width rows wrap differently there whatever the console does.)
        @Test(arguments: ["vt100", "linux"])
        func case018EnrolmentLeavesNoOneInTheScrollback(_ term: String) async throws {
            let run = try ConsoleRun(arguments: ["--enrol"], term: term)
            #expect(await run.waitForHome())
            for email in ["left.behind@example.com", "next.person@example.com"] {
                run.choose(1)
                #expect(await run.wait(for: "Confirm password"), "\(run.screen)")
                run.fill([email, "Str0ng!Passw0rd", "Str0ng!Passw0rd"])
                #expect(await run.wait(for: "•••••••••••••••"), "\(run.screen)")
                if email.hasPrefix("left") {
                    run.keys("Escape")  // this person gives up: the form asks, then home, for the next one
                    #expect(await run.wait(for: "Press Esc again"), "\(run.screen)")
                    run.keys("Escape")
                    #expect(await run.waitUntilGone(email), "\(run.screen)")
                }
            }
            #expect(await run.quit() == 0)
            run.expectSaneTerminal()
            let history = run.tmux.captureHistory()
            #expect(!history.contains("left.behind") && !history.contains("next.person"), "an email is in the scrollback:\n\(history)")
            #expect(!history.contains("•••"), "the password's bullets are in the scrollback:\n\(history)")
        }
    }
}
