import Foundation
import Testing

/// Field cases 016 and 017 (docs/field-cases.md) in a real terminal (tmux), on the curses backend's harness form.
@Suite(.serialized)
struct FieldCasesInTerminalTests {
    static let farmer = "\u{1F9D1}\u{200D}\u{1F33E}"
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F467}"

    /// The column where the Name box's text starts, from the captured line (all narrow before the box).
    private func nameLine(_ run: HarnessRun) throws -> (line: Substring, boxStart: Int) {
        let line = try #require(run.tmux.capture().split(separator: "\n").first { $0.contains("▸ Name") })
        return (line, line.distance(from: line.startIndex, to: try #require(line.firstIndex(of: "["))) + 1)
    }

    /// Field case 016 (docs/field-cases.md): a joined emoji takes the two columns counted for it; `B` and the cursor follow it there,
    /// and the stored value is the whole paste.
    @Test func joinedEmojiIsDrawnWholeWithTheCursorAfterIt() async throws {
        let run = try HarnessRun(term: "xterm-256color")
        #expect(await run.waitForForm())
        run.tmux.paste("Jo \(Self.farmer) B")
        #expect(await run.tmux.waitForScreen(containing: "Jo \(Self.farmer) B"), "\(run.tmux.capture())")
        var (line, boxStart) = try nameLine(run)
        // J o space (3) + farmer (2) + space (1) + B (1).
        #expect(await run.tmux.wait { run.tmux.display("#{cursor_x}") == "\(boxStart + 7)" }, "cursor at \(run.tmux.display("#{cursor_x}"))")
        #expect(line.hasSuffix("]"), "the box border moved: \(line)")
        run.tmux.send(keys: "C-u")
        run.tmux.paste("\(Self.family)\(Self.family)B")
        #expect(await run.tmux.wait { run.tmux.display("#{cursor_x}") == "\(boxStart + 5)" }, "cursor at \(run.tmux.display("#{cursor_x}"))")
        (line, boxStart) = try nameLine(run)
        #expect(line.dropFirst(boxStart).hasPrefix("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}B "),
                "\(line.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(line.hasSuffix("]"), "the box border moved: \(line)")
        run.tmux.send(keys: "C-c")
        #expect(await run.waitForExit() == 0)
        #expect(run.result?["name"] == "\(Self.family)\(Self.family)B")
    }

    /// Field case 017 (docs/field-cases.md) A: Alt-b (`ESC b`) is one key that does nothing: the form stays, with both values.
    @Test func altKeyKeepsTheFormAndItsValues() async throws {
        let run = try HarnessRun(term: "xterm-256color")
        #expect(await run.waitForForm())
        run.tmux.send(literal: "ada@contoso.example")
        run.tmux.send(keys: "Tab")
        run.tmux.send(literal: "Correct-Horse-9")
        #expect(await run.tmux.waitForScreen(containing: "•••••••••••••••"))
        run.tmux.send(literal: "\u{1B}b")
        run.tmux.send(keys: "M-f")
        // Keys after Alt-b and Alt-f reach the form only if neither ended it: a digit in the (masked) code field.
        run.tmux.send(keys: "Tab")
        run.tmux.send(literal: "4")
        #expect(await run.tmux.waitForScreen(containing: "[• _ _ _ _ _]"), "Alt-b ended the form:\n\(run.tmux.capture())")
        #expect(run.result == nil && run.tmux.capture().contains("Harness form"), "Alt-b ended the form")
        run.tmux.send(keys: "C-c")
        #expect(await run.waitForExit() == 0)
        #expect(run.result == ["ending": "quit", "name": "ada@contoso.example", "password": "Correct-Horse-9", "code": "4"])
    }

    /// Field case 017 (docs/field-cases.md) B: a paste whose end marker never comes is closed after a quiet time, its text kept, and
    /// keys work again; Ctrl-C inside another such paste still quits.
    @Test func unfinishedPasteGivesTheKeysBack() async throws {
        let run = try HarnessRun(term: "xterm-256color")
        #expect(await run.waitForForm())
        run.tmux.send(literal: "\u{1B}[200~pasted")
        // Longer than the backend's paste quiet time (500 ms): the time that must pass, awaited, not slept.
        try await Task.sleep(for: .milliseconds(900))
        run.tmux.send(literal: "x")
        #expect(await run.tmux.waitForScreen(containing: "pastedx"), "\(run.tmux.capture())")
        run.tmux.send(literal: "\u{1B}[200~more")
        run.tmux.send(keys: "C-c")
        #expect(await run.waitForExit() == 0, "Ctrl-C inside an open paste did not quit")
        #expect(run.result?["ending"] == "quit")
        #expect(run.result?["name"] == "pastedxmore")
    }

    /// Field case 028: over SSH (or with `ESCDELAY`) an escape sequence whose pieces arrive 40–80 ms apart
    /// is still one key: Delete, Alt-b and a bracketed paste whose start was split edit the Name field as
    /// keys, Up moves on; no `[3~` or `200~` is typed and the lone Esc is never taken for Esc (which
    /// would end the form as "back").
    /// The wait is `ESCDELAY=5000`, not the 200 ms an SSH session gets by default (SlowLinkInputTests pins that
    /// rule): each piece is written by a tmux client of its own, which a loaded machine can start seconds late
    /// (seen: a paste's `ESC [` and `200~` 1.5 s apart). The test sends no lone Esc, so the long wait costs nothing.
    @Test func sequencesSplitOverASlowLinkAreKeys() async throws {
        let run = try HarnessRun(term: "xterm-256color", environment: "ESCDELAY=5000")
        #expect(await run.waitForForm())
        run.tmux.send(literal: "new@contoso.com")
        #expect(await run.tmux.waitForScreen(containing: "new@contoso.com"))
        // The pieces of one sequence, written this far apart: a slow link, not a wait for something to happen.
        func gap(_ milliseconds: Int) async { try? await Task.sleep(for: .milliseconds(milliseconds)) }
        run.tmux.send(keys: "Tab")
        #expect(await run.tmux.waitForScreen(containing: "▸ Password"), "\(run.tmux.capture())")
        run.tmux.send(literal: "\u{1B}"); await gap(60); run.tmux.send(literal: "[A")         // Up
        #expect(await run.tmux.waitForScreen(containing: "▸ Name"), "Up did not move back to Name:\n\(run.tmux.capture())")
        run.tmux.send(keys: "End")
        run.tmux.send(literal: "\u{1B}"); await gap(60); run.tmux.send(literal: "[3~")        // Delete
        run.tmux.send(literal: "\u{1B}"); await gap(40); run.tmux.send(literal: "b")          // Alt-b
        run.tmux.send(literal: "\u{1B}["); await gap(80); run.tmux.send(literal: "200~")      // a paste, its start split
        run.tmux.send(literal: "S3cret\u{1B}[201~")
        #expect(await run.tmux.waitForScreen(containing: "new@contoso.comS3cret"), "\(run.tmux.capture())")
        run.tmux.send(keys: "C-c")
        #expect(await run.waitForExit() == 0)
        #expect(run.result == ["ending": "quit", "name": "new@contoso.comS3cret", "password": "", "code": ""])
    }
}
