import TerminalUI
import TestSupport
import Testing

/// Screens rendered into a ``TestBackend`` and compared with `Snapshots/<name>.txt`.
/// Re-record with `RECORD_SNAPSHOTS=1 swift test --filter TerminalUITests`.
@Suite struct SnapshotTests {
    static let small = Size(width: 80, height: 24)
    static let large = Size(width: 120, height: 40)

    private func render(_ form: FormView, _ size: Size) -> String {
        let backend = TestBackend(size: size)
        backend.present(form)
        return backend.snapshot()
    }

    @Test func signIn80x24() {
        assertSnapshot(render(Forms.signIn(), Self.small), named: "signIn80x24")
    }

    @Test func signIn120x40() {
        assertSnapshot(render(Forms.signIn(), Self.large), named: "signIn120x40")
    }

    @Test func twelveAttributesTopAt80x24() {
        assertSnapshot(render(Forms.twelveAttributes(), Self.small), named: "twelveAttributesTop80x24")
    }

    @Test func twelveAttributesScrolledToFocus80x24() {
        var form = Forms.twelveAttributes()
        for _ in 0..<9 { _ = form.handle(.tab) }
        form.fields[9].error = "Postal code must be five digits."
        _ = form.handle(.paste("9805"))
        let text = render(form, Self.small)
        #expect(text.contains("▸ Postal code"))
        assertSnapshot(text, named: "twelveAttributesScrolled80x24")
    }

    @Test func twelveAttributesFitAt120x40() {
        assertSnapshot(render(Forms.twelveAttributes(), Self.large), named: "twelveAttributes120x40")
    }

    @Test func wideTextAndEmojiFields() {
        var form = FormView(header: Forms.header, title: "Profile",
                            fields: [.text("name", label: "Display name", value: "あいう한글中文日本語ABC"),
                                     .text("nick", label: "Nickname", value: "Ada 😀 Lovelace"),
                                     .text("city", label: "City", value: "Cafe\u{301}")])
        _ = form.handle(.left)
        _ = form.handle(.left)
        let backend = TestBackend(size: Self.small)
        backend.present(form)
        // Box starts after the label column; cursor 21 columns in (23 minus two ←).
        #expect(backend.snapshot().contains("[あいう한글中文日本語ABC"))
        assertSnapshot(backend.snapshot(), named: "wideTextAndEmoji80x24")
    }

    // Field case 007 (docs/field-cases.md) on screen: typing あいう then the paste leaves the cursor 23 columns into the box.
    @Test func cursorColumnOnScreenAfterWideText() {
        var form = FormView(title: "t", fields: [.text("name", label: "Name")])
        var decoder = InputDecoder()
        for key in decoder.decode(Array("あいう\u{1B}[200~한글中文日本語ABC\u{1B}[201~".utf8)) { _ = form.handle(key) }
        var buffer = Buffer(size: Self.small)
        let cursor = FormRenderer.render(form, into: &buffer)
        let row = buffer.lines()[cursor?.y ?? 0]
        let boxStart = DisplayWidth.of(String(row.prefix { $0 != "[" })) + 1
        #expect(cursor?.x == boxStart + 23)
    }

    @Test func longTextScrollsInsideTheBox() {
        var form = FormView(title: "t", fields: [.text("name", label: "Name", value: String(repeating: "0123456789", count: 9) + "中")])
        _ = form.handle(.end)
        let text = render(form, Self.small)
        #expect(text.contains("中 ]"))
        assertSnapshot(text, named: "longTextScrolled80x24")
    }

    @Test func fieldError() {
        var form = Forms.signIn()
        form.fields[0].editor.insert("ada@")
        form.fields[0].error = "Enter a valid email address."
        form.status = StatusLine("Check the highlighted field.", kind: .error)
        assertSnapshot(render(form, Self.small), named: "fieldError80x24")
    }

    @Test func passwordMaskedNeverDrawsItsText() {
        var form = Forms.signIn()
        _ = form.handle(.tab)
        _ = form.handle(.paste("S3cret!pass"))
        let text = render(form, Self.small)
        #expect(!text.contains("S3cret"))
        #expect(text.contains("•••••••••••"))
        assertSnapshot(text, named: "passwordMasked80x24")
    }

    @Test func passwordRevealed() {
        var form = Forms.signIn()
        _ = form.handle(.tab)
        _ = form.handle(.paste("S3cret!pass"))
        _ = form.handle(.control("r"))
        assertSnapshot(render(form, Self.small), named: "passwordRevealed80x24")
    }

    @Test func pickerWithNotes() {
        assertSnapshot(render(Forms.mfaPicker(), Self.small), named: "mfaPicker80x24")
    }

    @Test func pickerWithNotes120x40() {
        assertSnapshot(render(Forms.mfaPicker(), Self.large), named: "mfaPicker120x40")
    }

    @Test func codeEntryWithCountdown() {
        var form = Forms.codeEntry(secondsLeft: 42)
        _ = form.handle(.paste("1234"))
        assertSnapshot(render(form, Self.small), named: "codeCountdown80x24")
    }

    /// A code is a secret like a password: slots show `•` until ^R reveals the digits.
    @Test func codeMaskedUntilRevealed() {
        var form = Forms.codeEntry(secondsLeft: 42)
        _ = form.handle(.paste("1234"))
        let masked = render(form, Self.small)
        #expect(masked.contains("[• • • • _ _ _ _]"))
        #expect(!masked.contains("1 2 3 4"))
        #expect(masked.contains("^R reveal"))
        _ = form.handle(.control("r"))
        #expect(render(form, Self.small).contains("[1 2 3 4 _ _ _ _]"))
    }

    @Test func countdownTicksDown() {
        #expect(StatusLine.countdown("Resend in", secondsLeft: 61).text == "Resend in 1:01")
        #expect(StatusLine.countdown("Resend in", secondsLeft: -3).text == "Resend in 0:00")
    }

    /// F1 on the sign-in form: the overlay over the form, listing the form's keys and the editing keys.
    @Test func helpScreen() {
        let backend = TestBackend(size: Self.small)
        let form = Forms.signIn()
        backend.present(form, help: HelpOverlay(title: "this screen", entries: form.helpEntries()))
        assertSnapshot(backend.snapshot(), named: "help80x24")
    }

    /// "re" typed into the help: only the keys whose name or description holds it (reveal, previous, delete…).
    @Test func helpFiltered() {
        let backend = TestBackend(size: Self.small)
        let form = Forms.signIn()
        var help = HelpOverlay(title: "this screen", entries: form.helpEntries())
        _ = help.handle(.character("r"))
        _ = help.handle(.character("e"))
        backend.present(form, help: help)
        assertSnapshot(backend.snapshot(), named: "helpFiltered80x24")
    }

    /// The console adds bindings of its own; the help still fits 80x24 whole.
    @Test func helpWithConsoleBindingsFitsAt80x24() {
        var form = Forms.signIn()
        form.keymap = Keymap(bindings: Keymap.form.bindings + ["F2 outbox", "F3 trace", "F4 HAR", "F5 emulator", "F6 inspect"].map {
            KeyBinding(keys: [.function(9)], command: .app($0), keyLabel: String($0.prefix(2)), help: .app($0), inFooter: false)
        })
        let backend = TestBackend(size: Self.small)
        backend.present(form, help: HelpOverlay(title: "this screen", entries: form.helpEntries()))
        let text = backend.snapshot()
        #expect(!text.contains("more"), "\(text)")
        #expect(text.contains("delete the word"))
        #expect(text.contains("PgUp/PgDn"))
    }

    @Test func tooSmallTerminalSaysSo() {
        let text = render(Forms.signIn(), Size(width: 30, height: 5))
        #expect(text.contains("Terminal too small"))
    }
}
