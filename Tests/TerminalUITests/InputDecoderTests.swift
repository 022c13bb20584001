import ScreenGallery
import AccountFlow
import TerminalUI
import Testing

@Suite struct InputDecoderTests {
    private func keys(_ text: String) -> [Key] {
        var decoder = InputDecoder()
        return decoder.decode(Array(text.utf8)) + decoder.flushPendingEscape()
    }

    // Field case 009 (docs/field-cases.md): every Home/End form used by xterm, screen and tmux.
    @Test(arguments: ["\u{1B}[H", "\u{1B}[1~", "\u{1B}[7~", "\u{1B}OH"])
    func homeForms(_ sequence: String) {
        #expect(keys(sequence) == [.home])
    }

    @Test(arguments: ["\u{1B}[F", "\u{1B}[4~", "\u{1B}[8~", "\u{1B}OF"])
    func endForms(_ sequence: String) {
        #expect(keys(sequence) == [.end])
    }

    @Test func namedKeys() {
        #expect(keys("\u{1B}[Z") == [.backTab])
        #expect(keys("\u{1B}[3~") == [.delete])
        #expect(keys("\u{1B}OP") == [.function(1)])
        #expect(keys("\u{1B}[11~") == [.function(1)])
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}[1;5C") == [.right])
        #expect(keys("\t\r\u{7F}") == [.tab, .enter, .backspace])
        #expect(keys("\u{01}\u{05}\u{15}\u{17}\u{0B}\u{03}") == [.control("a"), .control("e"), .control("u"), .control("w"), .control("k"), .control("c")])
    }

    @Test func loneEscapeOnlyAfterIdle() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flushPendingEscape() == [.escape])
        #expect(!decoder.hasPendingInput)
    }

    @Test func sequenceSplitAcrossReads() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B, UInt8(ascii: "[")]).isEmpty)
        #expect(decoder.decode([UInt8(ascii: "7")]).isEmpty)
        #expect(decoder.decode([UInt8(ascii: "~"), UInt8(ascii: "x")]) == [.home, .character("x")])
    }

    @Test func utf8SplitAcrossReads() {
        var decoder = InputDecoder()
        let bytes = Array("あé".utf8)
        #expect(decoder.decode(bytes[0..<2]).isEmpty)
        #expect(decoder.decode(bytes[2...]) == [.character("あ"), .character("é")])
    }

    @Test func combiningMarkTypedWithItsBaseIsOneGrapheme() {
        #expect(keys("e\u{301}") == [.character("e\u{301}")])
    }

    @Test func unknownSequencesInsertNothing() {
        #expect(keys("\u{1B}[99~\u{1B}[201~\u{1B}[?1;2c") == [])
    }

    // Field case 008 (docs/field-cases.md): the markers are stripped, the newline inside stays text.
    @Test func bracketedPasteIsOneEvent() {
        #expect(keys("\u{1B}[200~S3cret!pass\u{1B}[201~") == [.paste("S3cret!pass")])
        #expect(keys("\u{1B}[200~line\n\u{1B}[201~\r") == [.paste("line\n"), .enter])
    }

    @Test func pasteSplitAcrossReadsAndContainingEscapes() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~ab\u{1B}[A".utf8)).isEmpty)
        #expect(decoder.flushPendingEscape().isEmpty)
        #expect(decoder.decode(Array("c\u{1B}[20".utf8)).isEmpty)
        #expect(decoder.decode(Array("1~z".utf8)) == [.paste("ab\u{1B}[Ac"), .character("z")])
    }

    // Field case 017 (docs/field-cases.md) A: Esc and a key arriving together are one key, Alt plus it; never Esc (back) then the key.
    @Test func escapeFollowedAtOnceByAKeyIsAltAndThatKey() {
        #expect(keys("\u{1B}b") == [.alt(.character("b"))])
        #expect(keys("\u{1B}é\u{1B}\u{7F}\u{1B}\r") == [.alt(.character("é")), .alt(.backspace), .alt(.enter)])
        #expect(keys("\u{1B}[1;3D\u{1B}[3;3~") == [.alt(.left), .alt(.delete)])
        #expect(keys("\u{1B}\u{1B}[A") == [.alt(.up)])
        #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
        #expect(keys("\u{1B}[") == [.alt(.character("["))])
        // Ctrl-C always quits, even straight after Esc.
        #expect(keys("\u{1B}\u{03}") == [.control("c")])
    }

    @Test func escapeThenAKeyAfterTheDelayIsTwoKeys() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.flushPendingEscape() == [.escape])
        #expect(decoder.decode(Array("b".utf8)) == [.character("b")])
    }

    /// Field case 017 (docs/field-cases.md) A in the form: Alt-b on a sign-up form with an email and a password typed does nothing;
    /// both values stay and the flow does not go back.
    @Test func altKeyOnTheSignUpFormLosesNothing() {
        var session = ScreenSession(FlowState(settings: FlowSettings(), step: .signUpStart(SignUpForm(settings: FlowSettings()))))
        session.type("ada@contoso.example")
        session.press(.tab)
        session.type("Correct-Horse-9")
        var decoder = InputDecoder()
        for key in decoder.decode(Array("\u{1B}b".utf8)) { #expect(session.press(key).isEmpty, "\(key)") }
        guard case .signUpStart(let form) = session.state.step else {
            Issue.record("left the sign-up form: \(session.state.step)")
            return
        }
        #expect(form.email == "ada@contoso.example")
        #expect(form.password == "Correct-Horse-9")
    }

    // Field case 017 (docs/field-cases.md) B: a paste whose end marker never comes is closed after a quiet time, its text kept,
    // and keys work again.
    @Test func unfinishedPasteIsClosedWithItsText() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~pasted".utf8)).isEmpty)
        #expect(decoder.isPasting)
        #expect(decoder.decode(Array("\u{1B}".utf8)).isEmpty, "Esc inside an open paste is pasted text")
        #expect(decoder.closeUnfinishedPaste() == [.paste("pasted\u{1B}")])
        #expect(!decoder.isPasting)
        #expect(decoder.decode(Array("x\r".utf8)) == [.character("x"), .enter])
        #expect(decoder.closeUnfinishedPaste().isEmpty)
    }

    @Test func ctrlCInsideAnUnfinishedPasteQuits() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~abc".utf8)).isEmpty)
        #expect(decoder.decode([0x03, UInt8(ascii: "x")]) == [.paste("abc"), .control("c"), .character("x")])
    }

    /// A 300 KB paste once froze the console for minutes: its rest past the cap arrived as single keys, each
    /// redrawing a 256 KiB field. The rest is dropped up to the end marker, split across reads or not.
    @Test func pasteLongerThanTheCapIsCutThereAndItsRestDropped() {
        var decoder = InputDecoder()
        let text = String(repeating: "a", count: InputDecoder.pasteLimit + 2)
        let keys = decoder.decode(Array(("\u{1B}[200~" + text).utf8))
        #expect(keys == [.paste(String(repeating: "a", count: InputDecoder.pasteLimit))])
        #expect(decoder.decode(Array("bbbb\u{1B}[20".utf8)).isEmpty)
        #expect(decoder.decode(Array("1~x".utf8)) == [.character("x")], "keys after the end marker are keys again")
        #expect(!decoder.isPasting)
    }

    @Test func ctrlCOrAQuietTimeEndsTheDroppedRestOfALongPaste() {
        var decoder = InputDecoder()
        let text = String(repeating: "a", count: InputDecoder.pasteLimit + 10)
        #expect(decoder.decode(Array(("\u{1B}[200~" + text).utf8)).count == 1)
        #expect(decoder.decode([UInt8(ascii: "a"), 0x03, UInt8(ascii: "y")]) == [.control("c"), .character("y")])
        #expect(decoder.decode(Array(("\u{1B}[200~" + text).utf8)).count == 1)
        #expect(decoder.isPasting)
        #expect(decoder.closeUnfinishedPaste().isEmpty)
        #expect(decoder.decode(Array("z".utf8)) == [.character("z")])
    }
}
