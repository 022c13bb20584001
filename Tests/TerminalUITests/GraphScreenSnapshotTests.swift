import ScreenGallery
import AccountFlow
import Foundation
import ScreenPresentation
import TerminalUI
import TestSupport
import Testing

/// The Graph screens as the console draws them (profile, profile edit, sign-in history), compared with
/// `Snapshots/flow-<name>.txt`, and how a long sign-in list scrolls in full screen.
@Suite struct GraphScreenSnapshotTests {
    static let small = Size(width: 80, height: 24)

    private func snapshot(_ session: ScreenSession, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = session.render(Self.small)
        for secret in [FlowScreens.idToken, FlowScreens.accessToken, FlowScreens.refreshToken] {
            #expect(!text.contains(secret), "\(name) shows a secret", sourceLocation: sourceLocation)
        }
        assertSnapshot(text, named: "flow-\(name)", sourceLocation: sourceLocation)
    }

    /// The line holding `text` in a render, if any.
    private func line(containing text: String, in render: String) -> String? {
        render.split(separator: "\n").map(String.init).first { $0.contains(text) }
    }

    @Test func profile() {
        let session = ScreenSession(FlowScreens.profileScreen())
        // The focus is on Edit, under 21 properties: the screen opens at its top, the buttons in view below.
        let text = session.render(Self.small)
        #expect(!text.contains("↑ more (PgUp)"))
        #expect(line(containing: "Display name", in: text)?.contains("Ada Lovelace") == true)
        #expect(text.contains("[ Edit ]  [ Back ]  [ Home ]"))
        #expect(line(containing: "Job title", in: text)?.contains("not set") == true)
        #expect(line(containing: "Office location", in: text)?.contains("not available") == true)
        snapshot(session, "profile80x24")
    }

    /// Typed values stay and the refused field says so in place, with the focus on it.
    @Test func profileEditWithARefusedField() {
        var session = ScreenSession(FlowScreens.profileScreen())
        session.press(.enter)  // Edit, the default action
        #expect(session.state.screen.title == "Edit profile")
        for _ in 0..<3 { session.press(.tab) }
        session.type("Analyst")
        session.press(.enter)
        #expect(session.state.pending == .savingProfile)
        session.send(.profileSaved(.failure(GraphFailure(
            kind: .missingPermission, message: "Insufficient privileges to complete the operation.",
            detail: "403 Authorization_RequestDenied", refusedFields: [.jobTitle]))))
        let text = session.render(Self.small)
        #expect(text.contains("✗ This account may not change this field"))
        #expect(line(containing: "▸ Job title", in: text)?.contains("Analyst") == true)
        snapshot(session, "profileEditRefused80x24")
    }

    @Test func historyListWithTwelveRowsAndTheFilter() {
        var session = ScreenSession(FlowScreens.history(12, hasMore: true))
        let all = session.render(Self.small)
        #expect(all.contains("[ Filter: All ]"))
        #expect(all.contains("[ Load more ]"))
        snapshot(session, "history12Rows80x24")
        session.send(.historyFilterChanged(.failures))
        let failures = session.render(Self.small)
        #expect(failures.contains("Failures (4 of 12 loaded, more on the server)"))
        #expect(!failures.contains("Success"))
        snapshot(session, "history12RowsFailures80x24")
    }

    @Test func historyRowInFull() {
        var session = ScreenSession(FlowScreens.history(12))
        session.press(.down)
        session.press(.down)
        session.press(.enter)
        #expect(session.state.screen.title == "Sign-in")
        snapshot(session, "historyRow80x24")
    }

    /// Field case 022 (docs/field-cases.md) (b): the rows stay while the runner waits out `Retry-After`, and the wait counts down.
    @Test func historyThrottled() {
        var session = ScreenSession(FlowScreens.history(12, hasMore: true))
        session.send(.historyMoreRequested)
        session.send(.historyWaiting(seconds: 7))
        session.send(.tick(FlowScreens.start.addingTimeInterval(2)))
        let text = session.render(Self.small)
        #expect(text.contains("Reading sign-ins…  Throttled: retrying in 5 s (Esc cancels)"))
        #expect(text.contains("203.0.113.10"))
        snapshot(session, "historyThrottled80x24")
    }

    /// A 50-row list in an 80×24 terminal: the arrow keys walk it and the chosen row stays in view; a row
    /// opened and closed again comes back chosen and in view.
    @Test func aLongListScrollsToTheChosenRow() {
        var session = ScreenSession(FlowScreens.history(50))
        let top = session.render(Self.small)
        #expect(top.contains("↓ more (PgDn)"))
        for _ in 0..<30 { session.press(.down) }
        let row30 = "203.0.113.40"  // row 30's address
        let walked = session.render(Self.small)
        #expect(line(containing: row30, in: walked)?.contains("▸ ") == true)
        snapshot(session, "history50RowsWalked80x24")
        session.press(.enter)
        #expect(session.state.screen.title == "Sign-in")
        session.press(.escape)
        let back = session.render(Self.small)
        #expect(back == walked)
    }
}
