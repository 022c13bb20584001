import Foundation
import Testing

extension EndToEnd {
    /// What the console says when a flow goes wrong, and that it stays usable.
    @Suite struct Failures {
        @Test func weakPasswordOnTheStrictTenant() async throws {
            let run = try ConsoleRun(preset: "strict")
            #expect(await run.waitForHome())
            // Good enough for the console's default hint (8+, three classes); the tenant wants 12+.
            await run.startSignUp(email: "weak.password@example.com", password: "Abcdefg1!")
            #expect(await run.wait(for: "That password is too short.", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.screen.contains("Sign up"))
            #expect(run.field("Email", shows: "weak.password@example.com"), "the email was not kept")
            #expect(await run.quit() == 0)
        }

        @Test func existingAccountIsNamedOnSignUp() async throws {
            let run = try ConsoleRun()
            #expect(await run.waitForHome())
            await run.startSignUp(email: "jane.doe@contoso.com", password: "Str0ng!Passw0rd")
            #expect(await run.wait(for: "An account with that email already exists", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.screen.contains("Sign up"))
            #expect(await run.quit() == 0)
        }

        @Test func unknownUserGetsTheSameMessageAsAWrongPassword() async throws {
            let run = try ConsoleRun()
            #expect(await run.waitForHome())
            await run.signIn("nobody.here@example.com", "Whatever-1234!")
            #expect(await run.wait(for: "We couldn't sign you in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            let unknown = try #require(run.line(containing: "We couldn't sign you in"))
            // A fresh sign-in form, so the message below is the second answer's. The email is still
            // typed in, so Esc asks before going home.
            run.keys("Escape")
            #expect(await run.wait(for: "Press Esc again"), "\(run.screen)")
            run.keys("Escape")
            #expect(await run.wait(for: "Reset password"))
            run.choose(0)
            #expect(await run.wait(for: "Password (optional)"))
            #expect(await run.waitUntilGone("We couldn't sign you in"))
            run.clearField()
            run.keys("Tab")
            run.clearField()
            run.keys("BTab")
            run.fill(["jane.doe@contoso.com", "Wrong-Harbor-0000!"])
            run.keys("Enter")
            #expect(await run.wait(for: "We couldn't sign you in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            let wrongPassword = try #require(run.line(containing: "We couldn't sign you in"))
            #expect(unknown == wrongPassword)
            #expect(!run.screen.lowercased().contains("no account"), "the screen tells whether the account exists")
            #expect(await run.quit() == 0)
        }

        @Test func serverUnreachableSaysSoAndStaysUsable() async throws {
            let run = try ConsoleRun(arguments: ["console", "--authority", "http://127.0.0.1:1/tenant", "--client-id", "x"],
                                     embedded: false)
            #expect(await run.waitForHome())
            await run.signIn("jane.doe@contoso.com", "Blue-Harbor-7419!")
            #expect(await run.wait(for: "could not be reached", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.keys("Escape")
            #expect(await run.wait(for: "Password (optional)"), "Esc does not go back:\n\(run.screen)")
            #expect(run.field("Email", shows: "jane.doe@contoso.com"))
            #expect(await run.quit() == 1, "the last flow failed")
            // Exit 1 says why on stderr (the pane keeps it once the console is gone).
            #expect(await run.wait(for: "tophhie: the last flow ended on “Something went wrong”: Network failure"), "\(run.screen)")
            run.expectSaneTerminal()
        }

        @Test func expiredTokenFaultRestartsWithTheEmailKept() async throws {
            let run = try ConsoleRun(preset: "email-otp")
            #expect(await run.waitForHome())
            await run.signIn("alex.kim@contoso.com")
            #expect(await run.wait(for: "Enter your sign-in code", timeout: ConsoleRun.serverWait))
            try await run.control.fault(endpoint: "/oauth2/v2.0/token", kind: "expiredToken")
            try await run.enterCode(sentTo: "alex.kim@contoso.com", title: "Enter your sign-in code")
            #expect(await run.wait(for: "The session timed out", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.screen.contains("Sign in"))
            #expect(run.field("Email", shows: "alex.kim@contoso.com"), "the email was not kept:\n\(run.screen)")
            #expect(await run.quit() == 0)
        }
    }
}
