import Foundation
import Testing
import TerminalUI

/// The help screen lists every binding; on a small terminal it scrolls instead of hiding the end.
@Suite struct HelpScreenScrollTests {
    static let keymap = Keymap(bindings: Keymap.form.bindings + (2...12).map {
        KeyBinding(keys: [.function($0)], command: .app("f\($0)"), keyLabel: "F\($0)", help: "command \($0)", inFooter: false)
    })

    func text(scroll: Int) -> String {
        var buffer = Buffer(size: Size(width: 60, height: 20))
        HelpScreen.render(Self.keymap, header: nil, scroll: scroll, into: &buffer)
        return buffer.lines().joined(separator: "\n")
    }

    @Test func theLastBindingsAreReachedByScrolling() {
        #expect(text(scroll: 0).contains("F2 "))
        #expect(!text(scroll: 0).contains("delete the word before the cursor"))
        #expect(text(scroll: 30).contains("delete the word before the cursor"))
        #expect(text(scroll: 30).contains("↑ more"))
    }

    /// A description too long for its column wraps under itself, never back to the keys' column.
    @Test func longDescriptionsWrapUnderThemselves() throws {
        let keymap = Keymap(bindings: [KeyBinding(keys: [.function(4)], command: .app("har"), keyLabel: "F4",
                                                  help: "export the session as HAR with every secret redacted", inFooter: false)])
        var buffer = Buffer(size: Size(width: 60, height: 24))
        HelpScreen.render(keymap, header: nil, into: &buffer)
        let lines = buffer.lines()
        let first = try #require(lines.firstIndex { $0.contains("F4") })
        let text = lines[first]
        let column = text.distance(from: text.startIndex, to: try #require(text.range(of: "export")).lowerBound)
        let continuation = lines[first + 1]
        #expect(continuation.prefix(column).allSatisfy { $0 == " " }, "\(continuation)")
        #expect(!continuation.trimmingCharacters(in: .whitespaces).isEmpty)
    }
}
