import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// Long choice lists in a real terminal (issue 14): a 250-country attribute is one row, typing filters
    /// its list, Enter picks, and the value reaches the tenant.
    @Suite struct LongChoiceLists {
        @Test func typeAFilterPickACountryAndTheTenantStoresIt() async throws {
            let run = try ConsoleRun(preset: "country-choice.json")
            #expect(await run.waitForHome())
            let email = "rui@example.com"
            await run.startSignUp(email: email, password: "Str0ng!Passw0rd")
            try await run.enterCode(sentTo: email, title: "Check your email")
            #expect(await run.wait(for: "A few more details", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(!run.screen.contains("Afghanistan"), "the list is drawn inline:\n\(run.screen)")
            run.fill(["Rui Costa"])
            await run.focus("Country")
            run.type("portu")
            #expect(await run.wait(for: "1 of 251"), "no filtered list:\n\(run.screen)")
            #expect(await run.wait(for: "▸ Portugal"), "\(run.screen)")
            run.keys("Enter")
            #expect(await run.tmux.wait { run.line(containing: "Country")?.contains("[Portugal ") == true }, "\(run.screen)")
            run.keys("Tab")
            run.keys("Enter")
            #expect(await run.wait(for: "Signed in", timeout: ConsoleRun.serverWait), "\(run.screen)")
            let user = try #require(try await run.control.users().first { $0["email"] as? String == email })
            let attributes = try #require(user["attributes"] as? [String: String])
            #expect(attributes["country"] == "Portugal")
            #expect(await run.quit() == 0)
        }
    }
}
