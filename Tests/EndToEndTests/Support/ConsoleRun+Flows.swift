import Foundation
import Testing

/// Keystrokes that walk the console's screens, shared by the tests.
extension ConsoleRun {
    /// How long a request to the emulator may take (account creation hashes a password).
    static let serverWait: Duration = .seconds(30)

    /// Picks the `index`th item of the home picker (Sign in, Sign in with browser, Sign in with a device
    /// code, Sign up, Reset password, …, the device code before the browser without a display or over SSH;
    /// in enrolment mode: Sign in, Sign up, Reset password, …), from the top whichever item the picker starts
    /// on (enrolment mode starts on Sign up).
    func choose(_ index: Int) {
        for _ in 0..<6 { keys("Up") }
        for _ in 0..<index { keys("Down") }
        keys("Enter")
    }

    /// Picks the home entry labelled `label` wherever it stands (the device code comes before the browser over
    /// SSH or without a display, as on a test machine with neither).
    func choose(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let index = homeEntries.firstIndex(of: label) else {
            Issue.record("no home entry \(label):\n\(screen)", sourceLocation: sourceLocation)
            return
        }
        choose(index)
    }

    /// The home menu's entries, top to bottom: the rows after the title (in the frame's top edge while the
    /// outbox pane is open), up to a blank row, without the frame and the highlight's `▸`.
    var homeEntries: [String] {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let title = rows.firstIndex { $0.contains("Tophhie Account Console") } ?? rows.count
        return Array(rows.dropFirst(title + 1)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "┃│▸ ")) }
            .prefix { !$0.isEmpty })
    }

    /// Types `values` into consecutive fields (Tab between them), starting at the focused one.
    func fill(_ values: [String]) {
        for (index, value) in values.enumerated() {
            if index > 0 { keys("Tab") }
            if !value.isEmpty { type(value) }
        }
    }

    /// From the home screen: Sign in, the email and (unless nil, for a one-time code) the password, Enter.
    func signIn(_ email: String, _ password: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async {
        choose(0)
        #expect(await wait(for: "Password (optional)"), "no sign-in screen:\n\(screen)", sourceLocation: sourceLocation)
        fill([email] + (password.map { [$0] } ?? []))
        keys("Enter")
    }

    /// Moves focus with Tab until the focused line (`▸`) holds `label`. Each Tab waits for its own frame: the focus
    /// on another item than before (``focusedItem()``), not any change of the screen, which could be the echo of
    /// text typed before and would send a second Tab past the field.
    func focus(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) async {
        let focused = { (screen: String) in screen.split(separator: "\n").contains { $0.contains("▸") && $0.contains(label) } }
        for _ in 0..<12 {
            if focused(screen) { return }
            let before = focusedItem()
            keys("Tab")
            guard await tmux.wait(until: { focusedItem() != before }) else { break }
        }
        Issue.record("could not focus \(label):\n\(screen)", sourceLocation: sourceLocation)
    }

    /// Which item has the focus, as the screen shows it: the `▸` row with what stands before a field's box (its
    /// label, which typing does not change); while a button has it (buttons show it by colour, not `▸`), the
    /// button rows with their attributes.
    func focusedItem() -> String {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        if let row = rows.firstIndex(where: { $0.contains("▸") }) {
            return "\(row): " + rows[row].prefix { $0 != "[" }
        }
        let buttons = /\[ [^ \]][^\]]* \]/
        return tmux.captureWithAttributes().split(separator: "\n").filter { $0.contains(buttons) }.joined(separator: "\n")
    }

    /// Erases the focused text field (End, then `count` backspaces).
    func clearField(_ count: Int = 40) {
        keys("End")
        for _ in 0..<count { keys("BSpace") }
    }

    /// Sign-up from the home screen, up to the code screen.
    func startSignUp(email: String, password: String?) async {
        choose(3)
        #expect(await wait(for: "Sign up"))
        fill(password.map { [email, $0, $0] } ?? [email])
        keys("Enter")
    }

    /// Waits for the code screen, reads the newest code sent to `address` from the control API,
    /// types it and submits. Returns the code.
    @discardableResult
    func enterCode(sentTo address: String, title: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        #expect(await wait(for: title, timeout: Self.serverWait), "no \(title) screen:\n\(screen)", sourceLocation: sourceLocation)
        let code = try await control.code(to: address)
        type(code)
        keys("Enter")
        return code
    }

    /// Whether the field labelled `label` shows exactly `value` (then only spaces) inside its box.
    func field(_ label: String, shows value: String) -> Bool {
        guard let line = screen.split(separator: "\n").first(where: { $0.contains(label) && $0.contains("[") }),
              let open = line.firstIndex(of: "[") else { return false }
        let inside = line[line.index(after: open)...].prefix { $0 != "]" }
        return inside.hasPrefix(value) && inside.dropFirst(value.count).allSatisfy { $0 == " " }
    }

    /// The terminal came back as it was: same `stty -a`, cursor visible, main screen.
    func expectSaneTerminal(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sttyBefore != nil, sourceLocation: sourceLocation)
        #expect(sttyAfter == sttyBefore, "stty -a changed", sourceLocation: sourceLocation)
        #expect(tmux.display("#{cursor_flag}") == "1", "cursor hidden", sourceLocation: sourceLocation)
        #expect(tmux.display("#{alternate_on}") == "0", "still on the alternate screen", sourceLocation: sourceLocation)
    }

    /// Quits with ^C and waits for the exit status.
    func quit() async -> Int? {
        keys("C-c")
        return await waitForExit()
    }
}

extension ConsoleRun {
    /// Kills the console with SIGKILL, as a power cut or `kill -9` would: no handler runs, nothing is flushed.
    /// - Throws: when no `tophhie` process runs under the pane's shell.
    func killConsole() throws {
        let shell = tmux.display("#{pane_pid}").trimmingCharacters(in: .whitespacesAndNewlines)
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        let console = children.split(separator: " ").compactMap { Int32($0) }.first { pid in
            ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "").hasPrefix("tophhie")
        }
        guard let console else { throw ControlAPI.Failure(description: "no tophhie under the pane's shell \(shell): \(children)") }
        kill(console, SIGKILL)
    }
}
