import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The home screen is a menu in a real terminal (issue 27): one row highlighted (▸ and reverse video, with
    /// and without colour), the arrow keys move the highlight, Enter opens the highlighted entry.
    @Suite struct HomeMenu {
        @Test(arguments: [[:], ["NO_COLOR": "1"]])
        func arrowsMoveTheHighlightAndEnterOpensTheEntry(_ environment: [String: String]) async throws {
            let run = try ConsoleRun(environment: environment)
            #expect(await run.waitForHome())
            // Without a display the device code comes before the browser: the order is the screen's.
            let entries = run.homeEntries
            #expect(entries.count >= 6 && entries[3] == "Sign up", "\(run.screen)")
            guard entries.count >= 6 else { return }
            #expect(highlighted(run) == entries[0], "\(run.screen)")
            run.keys("Down")
            #expect(await run.tmux.wait { highlighted(run) == entries[1] }, "\(run.screen)")
            run.keys("Down", "Down")
            #expect(await run.tmux.wait { highlighted(run) == entries[3] }, "\(run.screen)")
            run.keys("Up")
            #expect(await run.tmux.wait { highlighted(run) == entries[2] }, "\(run.screen)")
            run.keys("Down")
            #expect(await run.tmux.wait { highlighted(run) == "Sign up" }, "\(run.screen)")
            // Only the highlighted row is in reverse video, so it shows without colour too.
            let rows = run.tmux.captureWithAttributes().split(separator: "\n").map(String.init)
            let reversed = rows.filter { $0.contains("Sign") && isReversed($0) }
            #expect(reversed.count == 1 && reversed.first?.contains("▸ Sign up") == true, "\(rows.joined(separator: "\n"))")
            run.keys("Enter")
            #expect(await run.wait(for: "We'll send a one-time code to your email"), "Enter did not open Sign up:\n\(run.screen)")
            #expect(run.screen.contains("[ Create account ]"))
            run.keys("C-c")
            #expect(await run.waitForExit() == 0)
        }

        /// The entry on the row marked `▸` inside the form (frame and spaces trimmed), if one is.
        private func highlighted(_ run: ConsoleRun) -> String? {
            let row = run.screen.split(separator: "\n").first { $0.contains("▸ ") }
            return row.map { String($0.drop { $0 != "▸" }.dropFirst()).trimmingCharacters(in: CharacterSet(charactersIn: " ┃│")) }
        }

        /// Whether a captured row (`capture-pane -e`) turns reverse video on (SGR 7) before its text.
        private func isReversed(_ row: String) -> Bool {
            row.components(separatedBy: "\u{1B}[").dropFirst().contains { sequence in
                guard let end = sequence.firstIndex(of: "m") else { return false }
                return sequence[..<end].split(separator: ";").contains("7")
            }
        }
    }
}
