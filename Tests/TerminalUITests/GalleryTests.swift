import Foundation
import ScreenGallery
import TerminalUI
import TestSupport
import Testing

/// The screen gallery: `docs/screens.md` is what `scripts/gallery` writes today, and every screen at 80×24
/// shows its title, the fact the user came for and its actions without scrolling, with the outbox pane open
/// too for the screens one reads after signing in on the emulator.
@Suite struct GalleryTests {
    @Test func docsScreensIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let written = try String(contentsOf: root.appendingPathComponent("docs/screens.md"), encoding: .utf8)
        let current = Gallery.markdown()
        guard written != current else { return }
        let changed = lineDiff(expected: written, actual: current).split(separator: "\n").filter { !$0.hasPrefix("  ") }
        let diff = changed.prefix(40).joined(separator: "\n")
        Issue.record("docs/screens.md is out of date: run scripts/gallery and read the diff.\n\(diff)")
    }

    @Test(arguments: Gallery.screens.map(\.name))
    func theScreenShowsWhatTheUserCameFor(_ name: String) throws {
        let entry = try #require(Gallery.screen(name))
        check(entry, pane: nil)
        if entry.fitsWithOutbox { check(entry, pane: Gallery.outbox) }
    }

    /// Title on its line, the key fact, every action's button, and no `↑ more`: the screen opens at its top.
    /// Only a long screen, or a list beside a pane, may continue below (`↓ more`).
    private func check(_ entry: GalleryScreen, pane: PaneContent?, sourceLocation: SourceLocation = #_sourceLocation) {
        let session = entry.session
        let screen = session.state.screen
        let text = Gallery.text(session, size: Gallery.small, pane: pane)
        let rows = text.split(separator: "\n")
        let context = "\(entry.name)\(pane == nil ? "" : " with the outbox"):\n\(text)"
        #expect(rows.count == 24 && rows[1].contains(screen.title), "no title line: \(context)", sourceLocation: sourceLocation)
        #expect(text.contains(entry.keyFact), "'\(entry.keyFact)' not shown: \(context)", sourceLocation: sourceLocation)
        for action in screen.actions {
            #expect(text.contains("[ \(action.label) ]"), "no '\(action.label)' button: \(context)", sourceLocation: sourceLocation)
        }
        #expect(!text.contains("↑ more"), "not at its top: \(context)", sourceLocation: sourceLocation)
        if pane == nil, !entry.isLong {
            #expect(!text.contains("↓ more"), "does not fit: \(context)", sourceLocation: sourceLocation)
        }
    }
}
