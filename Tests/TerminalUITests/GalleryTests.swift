import AccountFlow
import Foundation
import Launcher
import Localization
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

    /// One code sent: the outbox pane is that line in a frame (three rows, not seven); many codes: a third
    /// of the screen, the newest in view. The form, which has the keys, has the marked, heavy frame.
    @Test func theOutboxPaneTakesItsLinesAndTheFormHasTheFocusedFrame() throws {
        let session = try #require(Gallery.screen("signedIn")).session
        let rows = Gallery.text(session, size: Gallery.small, pane: Gallery.outbox).split(separator: "\n").map(String.init)
        let top = try #require(rows.firstIndex { $0.contains("┌─ Outbox: codes the emulator sent") })
        #expect(rows[top + 1].contains("30418257"))
        #expect(rows[top + 2].hasPrefix("|└"), "\(rows.joined(separator: "\n"))")
        #expect(rows[1].hasPrefix("|┏━ ● Signed in"))
        #expect(!rows[top].contains(PaneBox.focusMarker))
        let full = Gallery.text(session, size: Gallery.small, pane: Gallery.fullOutbox).split(separator: "\n").map(String.init)
        let fullTop = try #require(full.firstIndex { $0.contains("┌─ Outbox") })
        let fullBottom = try #require(full.firstIndex { $0.hasPrefix("|└") })
        #expect(fullBottom - fullTop + 1 == 24 / 3)
        #expect(full[fullBottom - 1].contains("10071271"), "the newest code is not in view")
    }

    /// Without colour the menu's row and the focused frame still stand out: reverse video and bold.
    @Test func withoutColourTheHighlightAndTheFocusedFrameStayVisible() throws {
        let home = Gallery.monochromeText(try #require(Gallery.screen("homeSignedOut")).session, size: Gallery.small)
        let lines = home.split(separator: "\n").map(String.init)
        let row = try #require(lines.firstIndex { $0.hasPrefix("| ▸ Sign in ") })
        #expect(lines[row + 1].hasPrefix("  RRRRRRRRR"), "\(home)")
        let account = Gallery.monochromeText(try #require(Gallery.screen("signedIn")).session, size: Gallery.small, pane: Gallery.outbox)
        let frame = account.split(separator: "\n").map(String.init)
        #expect(frame[3].hasPrefix(" BBBBBBBBBBBBBB"), "\(account)")
        #expect(frame[5].hasPrefix(" B"), "the focused frame's side is not bold:\n\(account)")
    }

    @Test func docsScreensLanguagesIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let written = try String(contentsOf: root.appendingPathComponent("docs/screens-languages.md"), encoding: .utf8)
        #expect(written == Gallery.languagesMarkdown(), "docs/screens-languages.md is out of date: run scripts/gallery")
    }

    /// Every screen in every catalogue's language and the pseudo-locale at 80×24: the title on its line, every
    /// button in view, opened at its top (the language's own "more" marker), "F1 help" in the language in the footer;
    /// nothing is cut: every message's last word is drawn, and in `qps` every message that starts on screen also ends
    /// there (as many `!!]` as `[!!`).
    @Test(arguments: Gallery.allLanguages)
    func everyScreenFitsIn(language: String) throws {
        for entry in Gallery.screens {
            Localization.with(Localizer(tag: language)) {
                let session = entry.session
                let screen = session.state.screen
                let text = Gallery.text(session, size: Gallery.small)
                let rows = text.split(separator: "\n")
                let context = "\(entry.name) in \(language):\n\(text)"
                #expect(rows.count == 24 && rows[1].contains(screen.title), "no title line: \(context)")
                for action in screen.actions {
                    #expect(text.contains("[ \(action.label) ]"), "no '\(action.label)' button: \(context)")
                }
                #expect(!text.contains(session.view.words(.morePageUp)), "not at its top: \(context)")
                #expect(rows.last?.contains("F1 \(session.view.words(.key(.help)))") == true, "no help key in the footer: \(context)")
                guard !entry.isLong, !text.contains(session.view.words(.morePageDown)) else { return }
                for word in Self.lastWords(screen) {
                    #expect(text.contains(word), "a message is cut before '\(word)': \(context)")
                }
                if language == "qps" {
                    #expect(text.components(separatedBy: "[!!").count == text.components(separatedBy: "!!]").count,
                            "a message is cut: \(context)")
                }
            }
        }
    }

    /// The last word of each message the screen says (title, text, banner, notices, field labels, errors and notes):
    /// a message cut to fit loses it to `…`.
    static func lastWords(_ screen: Screen) -> [String] {
        let messages = [screen.title, screen.banner, screen.message, screen.notice, screen.status].compactMap { $0 } + screen.text
            + screen.fields.flatMap { [$0.label, $0.error, $0.note].compactMap { $0 } }
        // Words of letters only: an address or a code is wrapped by columns, not at its spaces.
        return messages.compactMap { message in
            message.split(separator: " ").map { $0.trimmingCharacters(in: .punctuationCharacters) }.last { !$0.isEmpty && $0.allSatisfy(\.isLetter) }
        }
    }

    /// The help box (F1) over every screen in every language and the pseudo-locale at 80×24, with every console key
    /// bound: each description wraps whole under itself and the box's own words fit, so no line of it is cut ("…").
    @Test(arguments: Gallery.allLanguages)
    func everyHelpBoxFitsIn(language: String) {
        for entry in Gallery.screens {
            Localization.with(Localizer(tag: language)) {
                var view = entry.session.view
                view.keymap = ConsoleKeys.keymap(withOutbox: true, emulatorPanel: true, operatorTools: true, phoneLink: true, language: true)
                var buffer = Buffer(size: Gallery.small)
                _ = FormRenderer.render(view, pane: nil, into: &buffer)
                let help = HelpOverlay(title: view.words(.helpOnThisScreen), entries: view.helpEntries(on: Gallery.small), words: view.words)
                help.render(over: &buffer)
                let lines = buffer.lines()
                let box = lines.drop { !$0.contains("┌") }.prefix { !$0.contains("└") }
                let context = "\(entry.name) in \(language):\n\(lines.joined(separator: "\n"))"
                // A cut line ends in "…" at the box's inner edge; a description may end in "…" of its own further left.
                #expect(box.count > 4 && !box.contains { $0.contains("… │") }, "a line of the help box is cut: \(context)")
            }
        }
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
