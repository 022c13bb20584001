import Foundation
import Testing

extension EndToEnd {
    /// The main jobs, each from the home screen to its end.
    @Suite struct Flows {
        @Test func signUpWithAttributesThenSignIn() async throws {
            let run = try ConsoleRun(preset: "attributes")
            #expect(await run.waitForHome())
            let email = "zoe.angstrom@example.com", password = "Str0ng!Passw0rd"
            await run.startSignUp(email: email, password: password)
            try await run.enterCode(sentTo: email, title: "Check your email")
            #expect(await run.wait(for: "A few more details", timeout: ConsoleRun.serverWait))
            // The tenant's display-name pattern is ASCII only: a non-ASCII value is refused on the
            // client, on its field, and nothing is sent.
            run.fill(["Zoë Ångström", "1234567890"])
            run.keys("Tab", "Space", "Enter")
            // Leaving the field already marks it, so "✗" alone can be that earlier frame; the refused submit is
            // the one that brings the focus back to the first field it refused.
            #expect(await run.wait(for: "▸ Display name"), "the refused submit did not focus its field:\n\(run.screen)")
            #expect(run.screen.contains("✗ Display name"), "no field message for a value the tenant's pattern refuses:\n\(run.screen)")
            #expect(run.screen.contains("A few more details"))
            run.clearField()
            run.type("Zoe Angstrom")
            run.keys("Enter")
            #expect(await run.wait(for: "Signed in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(await run.wait(for: "Zoe Angstrom"), "the display name is not shown back:\n\(run.screen)")
            let user = try #require(try await run.control.users().first { $0["email"] as? String == email })
            let attributes = try #require(user["attributes"] as? [String: String])
            #expect(attributes["displayName"] == "Zoe Angstrom")
            #expect(attributes["extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_loyaltyNumber"] == "1234567890")
            #expect(attributes["extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_termsAccepted"] == "true")

            run.keys("Enter") // Home
            #expect(await run.wait(for: "Account (\(email))"))
            await run.signIn(email, password)
            #expect(await run.wait(for: "Signed in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.keys("PPage")  // the outbox pane leaves the account screen too little room
            #expect(await run.wait(for: "Username              \(email)"), "no account details:\n\(run.screen)")
            #expect(await run.quit() == 0)
            run.expectSaneTerminal()
        }

        @Test func passwordlessSignIn() async throws {
            let run = try ConsoleRun(preset: "email-otp")
            #expect(await run.waitForHome())
            await run.signIn("alex.kim@contoso.com")
            #expect(await run.wait(for: "Enter your sign-in code", timeout: ConsoleRun.serverWait), "\(run.screen)")
            // ^O copies the newest code from the outbox pane into the code field; it stays masked until ^R.
            let code = try await run.control.code(to: "alex.kim@contoso.com")
            #expect(await run.wait(for: code), "the outbox pane does not show the code")
            run.keys("C-o")
            #expect(await run.wait(for: "[" + Array(repeating: "•", count: code.count).joined(separator: " ") + "]"), "\(run.screen)")
            run.keys("C-r")
            #expect(await run.wait(for: "[" + code.map(String.init).joined(separator: " ") + "]"), "\(run.screen)")
            run.keys("Enter")
            #expect(await run.wait(for: "Signed in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(await run.wait(for: "Alex Kim"))
            #expect(await run.quit() == 0)
        }

        @Test func mfaWithMethodSelection() async throws {
            let run = try ConsoleRun(preset: "mfa")
            #expect(await run.waitForHome())
            await run.signIn("jane.doe@contoso.com", "Blue-Harbor-7419!")
            #expect(await run.wait(for: "Choose where to send a code", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.screen.contains("Email  j***@c*****o.com"))
            #expect(run.screen.contains("Text message (SMS)  +1********23"))
            run.keys("Down", "Enter")
            #expect(await run.wait(for: "by text message to +1********23", timeout: ConsoleRun.serverWait), "\(run.screen)")
            try await run.enterCode(sentTo: "+14255550123", title: "Verify it's you")
            #expect(await run.wait(for: "Signed in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(await run.wait(for: "Jane Doe"))
            #expect(await run.quit() == 0)
        }

        @Test func passwordResetWithPolling() async throws {
            let run = try ConsoleRun(preset: "mfa")
            #expect(await run.waitForHome())
            run.choose(4)
            #expect(await run.wait(for: "Reset password"))
            run.type("jane.doe@contoso.com")
            run.keys("Enter")
            try await run.enterCode(sentTo: "jane.doe@contoso.com", title: "Enter your reset code")
            #expect(await run.wait(for: "Choose a new password", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.fill(["New-Harbor-8820!", "New-Harbor-8820!"])
            run.keys("Enter")
            // The preset answers not_started, in_progress, then succeeded: the console polls and says so.
            #expect(await run.wait(for: "Changing your password", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(await run.wait(for: "(check ", timeout: ConsoleRun.serverWait), "no poll progress:\n\(run.screen)")
            if let status = run.line(containing: "(check ") {
                #expect(status.components(separatedBy: "(Esc cancels)").count == 2, "the Esc hint is not shown once: \(status)")
            }
            #expect(await run.wait(for: "Password changed", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.keys("Enter") // Sign in now, with the new password: the tenant then asks for MFA.
            #expect(await run.wait(for: "Choose where to send a code", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(await run.quit() == 0)
        }

        @Test func enrolTwoUsersInARow() async throws {
            let run = try ConsoleRun(arguments: ["--enrol"])
            #expect(await run.waitForHome())
            #expect(run.screen.contains("enrolment"))
            run.choose(1)
            for (email, name) in [("first.person@example.com", "First Person"), ("second.person@example.com", "Second Person")] {
                #expect(await run.wait(for: "Confirm password"))
                // The form is empty: nothing of the previous account is left in it.
                #expect(run.field("Email", shows: ""), "the form was not cleared:\n\(run.screen)")
                #expect(run.field("Confirm password", shows: ""), "the form was not cleared:\n\(run.screen)")
                run.fill([email, "Str0ng!Passw0rd", "Str0ng!Passw0rd"])
                run.keys("Enter")
                try await run.enterCode(sentTo: email, title: "Check your email")
                #expect(await run.wait(for: "A few more details", timeout: ConsoleRun.serverWait))
                run.type(name)
                run.keys("Enter")
                #expect(await run.wait(for: "Account created", timeout: ConsoleRun.serverWait), "\(run.screen)")
                #expect(run.screen.contains("The account for \(email) was created"))
                #expect(!run.screen.contains("Claim") && !run.screen.contains("token expires"), "tokens shown in enrolment mode")
                run.keys("Enter") // Enrol another
            }
            let emails = try await run.control.users().compactMap { $0["email"] as? String }
            #expect(emails.contains("first.person@example.com") && emails.contains("second.person@example.com"))
            #expect(await run.quit() == 0)
        }

        /// The desk in line mode: no operator tools offered, and a person who walks away mid-sign-up is cancelled
        /// back to the start (the desk writes no HAR at all: `--enrol --har` is refused, InvocationParserTests).
        @Test func enrolmentInLineModeCancelsAPersonWhoWalkedAway() async throws {
            let run = try ConsoleRun(arguments: ["--enrol", "--line"])
            #expect(await run.wait(for: "Choose 1-4"), "\(run.screen)")
            // The emulator's tools are off at the enrolment desk, so they are not offered (said before the first prompt).
            #expect(!run.screen.contains("/emulator"), "\(run.screen)")
            run.type("sign up\n")
            #expect(await run.wait(for: "Email"))
            run.type("walked.away@example.com\n")
            #expect(await run.wait(for: "Password"))
            run.type("Str0ng!Passw0rd\n")
            #expect(await run.wait(for: "Confirm password"))
            run.type("Str0ng!Passw0rd\n")
            // The tenant's attribute is offered up front; left empty, it is asked for after the code.
            #expect(await run.wait(for: "Display name"))
            run.type("\n")
            #expect(await run.wait(for: "Create account"))
            run.type("create\n")
            #expect(await run.wait(for: "Code", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.type("1\n")
            #expect(await run.wait(for: "Cancel"), "\(run.screen)")
            run.type("cancel\n")
            #expect(await run.wait(for: "Reset password"), "\(run.screen)")
            run.type("quit\n")
            #expect(await run.waitForExit() == 0)
        }

        /// Issue 14: a person who walks away mid-flow is forgotten after `--idle-reset` seconds. The last 15
        /// count down on screen and any key starts them again; then the console is home on Sign up, the
        /// email gone, and the trace pane says it was cleared.
        @Test func enrolmentIdleResetForgetsAPersonWhoWalkedAway() async throws {
            let run = try ConsoleRun(arguments: ["--enrol", "--idle-reset", "20"])
            #expect(await run.waitForHome())
            #expect(run.line(containing: "▸")?.contains("Sign up") == true, "home does not start on Sign up:\n\(run.screen)")
            run.keys("Enter")
            #expect(await run.wait(for: "Confirm password"), "\(run.screen)")
            run.type("walked.away@example.com")
            // A password revealed with ^R is masked when the countdown starts, in front of the next person (issue 37).
            run.keys("Tab")
            run.type("Str0ng!Passw0rd")
            run.keys("C-r")
            #expect(await run.tmux.wait { run.field("Password", shows: "Str0ng!Passw0rd") }, "not revealed:\n\(run.screen)")
            #expect(await run.wait(for: "clearing this screen for the next person in"), "no countdown:\n\(run.screen)")
            #expect(run.field("Password", shows: "•••••••••••••••"), "revealed through the countdown:\n\(run.screen)")
            run.keys("Right")  // a key that changes nothing on the screen
            #expect(await run.waitUntilGone("clearing this screen", timeout: .seconds(3)), "a key did not stop the countdown")
            #expect(run.field("Email", shows: "walked.away@example.com"))
            #expect(await run.wait(for: "Cleared after 20 seconds without a key press", timeout: .seconds(30)), "\(run.screen)")
            #expect(!run.screen.contains("walked.away"), "the email is still shown:\n\(run.screen)")
            #expect(run.line(containing: "▸")?.contains("Sign up") == true, "\(run.screen)")
            run.keys("F3")
            #expect(await run.wait(for: "(cleared)"), "\(run.screen)")
            #expect(await run.quit() == 0)
        }

        /// Support staff: a person who signs in, or who walks away mid-flow, leaves nothing for the next
        /// one — no account on the home menu, no code in the outbox, no exchange in the trace.
        @Test func enrolmentForgetsSignInsAndAbandonedFlows() async throws {
            let run = try ConsoleRun(arguments: ["--enrol"])
            #expect(await run.waitForHome())
            await run.signIn("jane.doe@contoso.com", "Blue-Harbor-7419!")
            #expect(await run.wait(for: "kept neither the account nor its", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.keys("Enter") // Home
            #expect(await run.wait(for: "Reset password"))
            #expect(!run.screen.contains("Account ("), "the signed-in account is offered to the next person:\n\(run.screen)")

            run.choose(1)
            #expect(await run.wait(for: "Confirm password"))
            run.fill(["walked.away@example.com", "Str0ng!Passw0rd", "Str0ng!Passw0rd"])
            run.keys("Enter")
            #expect(await run.wait(for: "Check your email", timeout: ConsoleRun.serverWait))
            let code = try await run.control.code(to: "walked.away@example.com")
            #expect(await run.wait(for: code), "the outbox pane does not show the code:\n\(run.screen)")
            run.keys("Escape") // back to the first screen of the flow
            #expect(await run.wait(for: "Confirm password"))
            run.keys("Escape") // the form holds what was typed: Esc asks first
            #expect(await run.wait(for: "Press Esc again"), "\(run.screen)")
            run.keys("Escape") // home
            #expect(await run.wait(for: "Reset password"))
            #expect(await run.waitUntilGone(code), "the abandoned person's code is still shown:\n\(run.screen)")
            run.keys("F3")
            #expect(await run.wait(for: "HTTP trace"), "\(run.screen)")
            #expect(!run.screen.contains("/signup/v1.0/start"), "the abandoned person's exchanges are still traced:\n\(run.screen)")
            #expect(await run.quit() == 0)
        }
    }
}
