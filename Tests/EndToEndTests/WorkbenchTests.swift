import Foundation
import Testing

extension EndToEnd {
    /// The operator's tools in the real console under tmux: the trace inspector (F6) and the emulator panel (F5).
    @Suite struct Workbench {
        /// F6, the first exchange opened: the sign-up's password is shown redacted, never as typed.
        @Test func theInspectorOpensAnExchangeWithThePasswordRedacted() async throws {
            let run = try ConsoleRun()
            #expect(await run.waitForHome())
            let password = "Inspector-Secret-2204!"
            await run.startSignUp(email: "inspected@example.com", password: password)
            #expect(await run.wait(for: "Check your email", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.keys("F6")
            #expect(await run.wait(for: "HTTP trace, secrets redacted ·"), "\(run.screen)")
            run.keys("Home", "Enter")
            #expect(await run.wait(for: "Exchange: POST /signup/v1.0/start 200"), "\(run.screen)")
            #expect(await run.wait(for: "password=<redacted>"), "\(run.screen)")
            #expect(!run.screen.contains(password))
            run.keys("Escape")
            #expect(await run.waitUntilGone("Exchange: POST"), "Esc did not close the exchange:\n\(run.screen)")
            run.keys("Escape")
            #expect(await run.wait(for: "Check your email"), "Esc twice is back on the flow:\n\(run.screen)")
            #expect(await run.quit() != nil)
        }

        /// F5: after the clock moves 10 minutes, the resend countdown is over and the code is refused.
        @Test func advancingTheClockExpiresTheCode() async throws {
            let run = try ConsoleRun()
            #expect(await run.waitForHome())
            let email = "clock.moved@example.com"
            await run.startSignUp(email: email, password: "Clock-Moved-7781!")
            #expect(await run.wait(for: "Resend code (in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            let code = try await run.control.code(to: email)
            run.keys("F5")
            #expect(await run.wait(for: "Emulator · virtual time"), "\(run.screen)")
            await select("by 10 minutes", in: run)
            run.keys("Enter")
            #expect(await run.wait(for: "Clock advanced by 10 minutes"), "\(run.screen)")
            run.keys("Escape")
            #expect(await run.wait(for: "Check your email"), "\(run.screen)")
            #expect(await run.waitUntilGone("Resend code (in"), "the countdown did not follow the emulator's clock:\n\(run.screen)")
            run.type(code)
            run.keys("Enter")
            #expect(await run.wait(for: "The session timed out", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(await run.quit() != nil)
        }

        /// With the emulator's clock two hours ahead, a new sign-in's access token and id token expire at the same
        /// time on the account screen: both run on the emulator's clock (the access token had followed real time).
        @Test func tokenExpiriesFollowTheEmulatorsClock() async throws {
            let run = try ConsoleRun()
            #expect(await run.waitForHome())
            try await run.control.advanceClock(seconds: 7200)
            await run.signIn("jane.doe@contoso.com", "Blue-Harbor-7419!")
            #expect(await run.wait(for: "Signed in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.keys("PPage")
            #expect(await run.wait(for: "ID token expires"), "\(run.screen)")
            let access = try #require(run.line(containing: "Access token expires"))
            let id = try #require(run.line(containing: "ID token expires"))
            let expiry = { (line: String) in line.split(separator: "expires").last.map { $0.trimmingCharacters(in: .whitespaces) } }
            #expect(expiry(access) == expiry(id), "access: \(access)\nid: \(id)")
            #expect(await run.quit() == 0)
        }

        /// Enrolment: F5 opens nothing; the panel would list earlier people's emails and remove accounts.
        @Test func enrolmentModeHasNoEmulatorPanel() async throws {
            let run = try ConsoleRun(arguments: ["--enrol"])
            #expect(await run.waitForHome())
            run.keys("F5")
            // The help that the next key opens shows F5 was read: no panel came before it.
            run.type("?")
            #expect(await run.wait(for: "Keys: this screen"), "\(run.screen)")
            #expect(!run.screen.contains("Emulator · virtual time"), "\(run.screen)")
            // Nor does the desk's help offer the operator's keys.
            #expect(!run.screen.contains("F5 ") && !run.screen.contains("F9 "), "\(run.screen)")
            #expect(await run.quit() != nil)
        }

        /// F5: a user added on the panel signs in straight away.
        @Test func aUserAddedOnThePanelSignsIn() async throws {
            let run = try ConsoleRun()
            #expect(await run.waitForHome())
            run.keys("F5")
            #expect(await run.wait(for: "Emulator · virtual time"), "\(run.screen)")
            await select("add a user", in: run)
            run.keys("Enter")
            #expect(await run.wait(for: "New user's email:"), "\(run.screen)")
            run.type("panel.made@example.com")
            run.keys("Enter")
            #expect(await run.wait(for: "Password for panel.made@example.com"), "\(run.screen)")
            run.type("Panel-Made-6620!")
            run.keys("Enter")
            #expect(await run.wait(for: "Added panel.made@example.com."), "\(run.screen)")
            #expect(!run.screen.contains("Panel-Made-6620!"))
            run.keys("Escape")
            #expect(await run.waitUntilGone("Emulator · virtual time"), "\(run.screen)")
            await run.signIn("panel.made@example.com", "Panel-Made-6620!")
            #expect(await run.wait(for: "Signed in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(await run.quit() == 0)
        }

        /// Moves the panel's selection (`›`) down from the top to the row holding `text`.
        /// Moves the panel's marker (`›`) down from the top to the row holding `text`: each Down waits for the
        /// marker to leave its row, so a slow frame is not taken for the row it had not reached yet.
        private func select(_ text: String, in run: ConsoleRun, sourceLocation: SourceLocation = #_sourceLocation) async {
            let marked = { run.screen.split(separator: "\n").first { $0.contains("› ") }.map(String.init) }
            run.keys("Home")
            // The top row, the clock's first step.
            #expect(await run.tmux.wait { marked()?.contains("by 1 minute") == true }, "Home did not go to the top:\n\(run.screen)",
                    sourceLocation: sourceLocation)
            for _ in 0..<40 {
                let before = marked()
                if before?.contains(text) == true { return }
                run.keys("Down")
                guard await run.tmux.wait(until: { marked() != before }) else { break }
            }
            Issue.record("no row \(text):\n\(run.screen)", sourceLocation: sourceLocation)
        }
    }
}
