import Foundation
import Testing
import TerminalUI

/// The help overlay lists the keys valid where it was opened, narrows as the user types, and scrolls
/// when the terminal is too short for all of them.
@Suite struct HelpOverlayTests {
    static let entries = HelpEntry.entries(of: Keymap(bindings: Keymap.form.bindings + (2...12).map {
        KeyBinding(keys: [.function($0)], command: .app("f\($0)"), keyLabel: "F\($0)", help: .app("command \($0)"), inFooter: false)
    }))

    func text(_ overlay: HelpOverlay, size: Size = Size(width: 60, height: 20)) -> String {
        var buffer = Buffer(size: size)
        overlay.render(over: &buffer)
        return buffer.lines().joined(separator: "\n")
    }

    @Test func theLastKeysAreReachedByScrolling() {
        var overlay = HelpOverlay(title: "this screen", entries: Self.entries)
        #expect(text(overlay).contains("Tab"))
        #expect(!text(overlay).contains("command 12"))
        #expect(text(overlay).contains("↓ more"))
        _ = overlay.handle(.pageDown)
        _ = overlay.handle(.pageDown)
        #expect(text(overlay).contains("command 12"))
        #expect(text(overlay).contains("↑ more"))
    }

    @Test func homeGoesBackToTheFirstKeys() {
        var overlay = HelpOverlay(title: "this screen", entries: Self.entries)
        _ = overlay.handle(.pageDown)
        _ = overlay.handle(.down)
        #expect(!text(overlay).contains("Tab"))
        _ = overlay.handle(.home)
        #expect(text(overlay).contains("Tab"))
        #expect(!text(overlay).contains("↑ more"))
    }

    /// On a narrow terminal a line that does not fit ends with "…": a cut is never silent (at 40 columns the
    /// no-match line lost its end without a sign).
    @Test func aCutLineSaysSo() {
        var overlay = HelpOverlay(title: "this screen", entries: Self.entries)
        for character in "nothing-matches" { _ = overlay.handle(.character(character)) }
        let line = text(overlay, size: Size(width: 40, height: 20)).split(separator: "\n").first { $0.contains("No key matches") }
        #expect(line?.contains("…") == true, "\(String(describing: line))")
    }

    /// Typed text keeps the rows whose keys or description contain it; Backspace widens again; Esc closes.
    @Test func typingNarrowsBackspaceWidensEscCloses() {
        var overlay = HelpOverlay(title: "this screen", entries: Self.entries)
        for character in "REVEAL" { #expect(overlay.handle(.character(character)) == .changed) }
        #expect(overlay.shown == [HelpEntry("^R", "reveal")])
        #expect(text(overlay).contains("Filter: REVEAL"))
        #expect(!text(overlay).contains("Tab"))
        for _ in 0..<6 { _ = overlay.handle(.backspace) }
        #expect(overlay.shown == Self.entries)
        #expect(overlay.handle(.backspace) == .ignored, "nothing left to widen")
        _ = overlay.handle(.character("z"))
        _ = overlay.handle(.character("z"))
        #expect(text(overlay).contains("No key matches “zz”"))
        #expect(overlay.handle(.escape) == .closed)
    }

    /// Keys of one command share a row: "Tab, ↓" and "F1, ?".
    @Test func keysOfOneCommandShareARow() {
        #expect(Self.entries.contains(HelpEntry("Tab, ↓", "next field")))
        #expect(Self.entries.contains(HelpEntry("F1, ?", "help (? outside a text field)")))
    }

    /// A description too long for its column wraps under itself, never back to the keys' column.
    @Test func longDescriptionsWrapUnderThemselves() throws {
        let overlay = HelpOverlay(title: "this screen", entries: [HelpEntry("F4", "export the session as HAR with every secret redacted, asking where")])
        let lines = text(overlay, size: Size(width: 40, height: 20)).split(separator: "\n").map(String.init)
        let first = try #require(lines.firstIndex { $0.contains("F4") })
        let column = lines[first].distance(from: lines[first].startIndex, to: try #require(lines[first].range(of: "export")).lowerBound)
        let continuation = lines[first + 1]
        #expect(continuation.dropFirst(2).prefix(column - 2).allSatisfy { $0 == " " }, "\(continuation)")
        #expect(!continuation.dropFirst(column).trimmingCharacters(in: .whitespaces).hasPrefix("│"))
    }
}
