import Foundation
import Testing

/// Typing, pasting and resizing in a real terminal under each TERM value of the cases.
@Suite(.serialized)
struct FormInTerminalTests {
    static let terms = ["xterm-256color", "screen-256color", "tmux-256color"]

    @Test(arguments: terms)
    func resizeWhileHalfFilledKeepsEveryValue(_ term: String) async throws {
        let run = try HarnessRun(term: term)
        #expect(await run.waitForForm())
        run.tmux.send(literal: "Ada Lovelace")
        run.tmux.send(keys: "Tab")
        run.tmux.paste("S3cret!pass")
        run.tmux.send(keys: "Tab")
        run.tmux.send(literal: "123")
        #expect(await run.tmux.waitForScreen(containing: "[• • • _ _ _]"))
        run.tmux.resize(width: 110, height: 34)
        #expect(await run.tmux.wait { run.tmux.capture().split(separator: "\n").first?.count ?? 0 > 100 })
        #expect(await run.tmux.waitForScreen(containing: "Ada Lovelace"))
        run.tmux.resize(width: 80, height: 24)
        run.tmux.send(literal: "456")
        run.tmux.send(keys: "Enter")
        #expect(await run.waitForExit() == 0)
        #expect(run.result == ["ending": "submitted:", "name": "Ada Lovelace", "password": "S3cret!pass", "code": "123456"])
    }

    // Field case 008 (docs/field-cases.md) in a terminal: tmux wraps the paste in the markers because the backend enabled
    // bracketed paste; a second paste ending with a newline does not submit.
    @Test(arguments: terms)
    func bracketedPasteFillsThePassword(_ term: String) async throws {
        let run = try HarnessRun(term: term)
        #expect(await run.waitForForm())
        run.tmux.send(keys: "Tab")
        run.tmux.paste("S3cret!pass")
        run.tmux.paste("\n")
        #expect(await run.tmux.waitForScreen(containing: "•••••••••••"))
        // A key typed after the paste reaches the form only if the paste's newline did not submit it.
        run.tmux.send(literal: "x")
        #expect(await run.tmux.waitForScreen(containing: "••••••••••••"), "the newline in the paste submitted the form")
        #expect(run.tmux.capture().contains("Harness form"), "the newline in the paste submitted the form")
        #expect(!run.tmux.capture().contains("S3cret"))
        run.tmux.send(keys: "Enter")
        #expect(await run.waitForExit() == 0)
        #expect(run.result?["password"] == "S3cret!passx")
    }

    // Field case 009 (docs/field-cases.md) in a terminal: tmux's own Home/End keys and Shift-Tab.
    @Test(arguments: terms)
    func homeEndAndShiftTab(_ term: String) async throws {
        let run = try HarnessRun(term: term)
        #expect(await run.waitForForm())
        run.tmux.send(literal: "abcdef")
        run.tmux.send(keys: "Left", "Left", "Left", "Home")
        run.tmux.send(literal: "<")
        run.tmux.send(keys: "End")
        run.tmux.send(literal: ">")
        run.tmux.send(keys: "Tab", "BTab")
        run.tmux.send(literal: "!")
        run.tmux.send(keys: "Enter")
        #expect(await run.waitForExit() == 0)
        #expect(run.result?["name"] == "<abcdef>!")
    }

    // Field case 007 (docs/field-cases.md) in a terminal: the terminal's cursor sits after the wide text.
    @Test(arguments: terms)
    func cursorAfterWideText(_ term: String) async throws {
        let run = try HarnessRun(term: term)
        #expect(await run.waitForForm())
        run.tmux.send(literal: "あいう")
        run.tmux.paste("한글中文日本語ABC")
        #expect(await run.tmux.waitForScreen(containing: "あいう한글中文日本語ABC"))
        let line = try #require(run.tmux.capture().split(separator: "\n").first { $0.contains("▸ Name") })
        let boxStart = line.distance(from: line.startIndex, to: try #require(line.firstIndex(of: "["))) + 1
        #expect(await run.tmux.wait { run.tmux.display("#{cursor_x}") == "\(boxStart + 23)" })
        #expect(line.hasSuffix("]"), "the text pushed the box border")
        run.tmux.send(keys: "Left", "Left")
        run.tmux.send(literal: "x")
        run.tmux.send(keys: "C-c")
        _ = await run.waitForExit()
        #expect(run.result?["name"] == "あいう한글中文日本語AxBC")
    }

    /// A foreground colour (SGR 30–37, 38;…, 90–97) in a `capture-pane -e` dump; tmux's own
    /// `ESC[39m` (default colour) resets do not count.
    private func hasColor(_ screen: String) -> Bool {
        screen.range(of: "\u{1B}\\[(3[0-7]|38;|9[0-7])", options: .regularExpression) != nil
    }

    @Test func colourByDefault() async throws {
        let run = try HarnessRun(term: "xterm-256color")
        #expect(await run.waitForForm())
        #expect(hasColor(run.tmux.captureWithAttributes()))
        run.tmux.send(keys: "C-c")
        #expect(await run.waitForExit() == 0)
    }

    // NO_COLOR and a terminal without colours both fall back to attributes only.
    @Test(arguments: [("xterm-256color", "NO_COLOR=1"), ("vt100", "")])
    func monochromeFallback(_ term: String, _ environment: String) async throws {
        let run = try HarnessRun(term: term, environment: environment)
        #expect(await run.waitForForm())
        let screen = run.tmux.captureWithAttributes()
        #expect(!hasColor(screen))
        #expect(screen.contains("\u{1B}[7m"), "focus and header still shown in reverse video")
        run.tmux.send(literal: "mono")
        run.tmux.send(keys: "Enter")
        #expect(await run.waitForExit() == 0)
        #expect(run.result?["name"] == "mono")
    }
}
