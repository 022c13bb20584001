import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The help overlay and the copy key in the real console under tmux.
    @Suite struct HelpAndCopy {
        /// `?` on the home menu opens the help; typed text narrows it to the matching keys; Esc closes it.
        @Test func questionMarkOpensTheHelpAndTypingFiltersIt() async throws {
            let run = try ConsoleRun()
            #expect(await run.waitForHome())
            run.type("?")
            #expect(await run.wait(for: "Keys: this screen"), "\(run.screen)")
            #expect(run.screen.contains("submit"), "\(run.screen)")
            run.type("trace")
            #expect(await run.wait(for: "Filter: trace"), "\(run.screen)")
            // The footer under the overlay keeps its own keys: only the overlay's list narrows.
            #expect(await run.tmux.wait { !helpList(run).contains("submit") }, "a key without 'trace' is still listed:\n\(run.screen)")
            #expect(run.screen.contains("HTTP trace") && run.screen.contains("inspect the trace"), "\(run.screen)")
            run.keys("BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
            #expect(await run.tmux.wait { helpList(run).contains("submit") }, "Backspace did not widen the list:\n\(run.screen)")
            run.keys("Escape")
            #expect(await run.waitUntilGone("Keys: this screen"), "\(run.screen)")
            #expect(await run.quit() == 0)
        }

        /// The help overlay's rows, from its title to its bottom edge.
        private func helpList(_ run: ConsoleRun) -> String {
            let rows = run.screen.split(separator: "\n").map(String.init)
            guard let top = rows.firstIndex(where: { $0.contains("Keys: this screen") }) else { return "" }
            return rows[top...].prefix { !$0.contains("└") }.joined(separator: "\n")
        }

        /// On the device-code screen `c` puts the address on the clipboard (OSC 52, which tmux keeps as a
        /// buffer), whole, as it is shown (beside its label when it fits, on lines of its own when not).
        @Test func theCopyKeyPutsTheDeviceCodeAddressOnTheClipboard() async throws {
            let run = try ConsoleRun(preset: "email-password")
            run.tmux.acceptClipboard()
            #expect(await run.waitForHome())
            run.choose("Sign in with a device code")
            #expect(await run.wait(for: "/common/oauth2/deviceauth", timeout: ConsoleRun.serverWait), "\(run.screen)")
            // The Address detail, without its label and the form's frame (the outbox pane is open).
            let line = try #require(run.line(containing: "deviceauth"))
            let address = try #require(line.range(of: "http"), "\(run.screen)")
            let shown = String(line[address.lowerBound...]).trimmingCharacters(in: CharacterSet(charactersIn: " ┃"))
            run.type("c")
            #expect(await run.wait(for: "Copied the address"), "\(run.screen)")
            let copied = await run.tmux.wait { await run.tmux.newestBuffer() == shown }
            let buffer = await run.tmux.newestBuffer()
            #expect(copied, "clipboard: \(buffer)")
            #expect(await run.quit() == 0)
        }
    }
}
