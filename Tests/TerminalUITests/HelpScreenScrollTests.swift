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
}
