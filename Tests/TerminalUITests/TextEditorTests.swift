import TerminalUI
import Testing

@Suite struct TextEditorTests {
    private func edited(_ editor: TextEditor, _ keys: [Key]) -> TextEditor {
        var editor = editor
        for key in keys { _ = editor.handle(key) }
        return editor
    }

    @Test func displayWidths() {
        #expect(DisplayWidth.of("a" as Character) == 1)
        #expect(DisplayWidth.of("あ" as Character) == 2)
        #expect(DisplayWidth.of("한" as Character) == 2)
        #expect(DisplayWidth.of("e\u{301}" as Character) == 1)
        #expect(DisplayWidth.of("😀" as Character) == 2)
        #expect(DisplayWidth.of("한글中文日本語ABC") == 17)
    }

    // Field case 007 (docs/field-cases.md): the cursor is at the summed display width; ← ← then x lands between B and C.
    @Test func cursorAfterWideCharacters() {
        var decoder = InputDecoder()
        var editor = TextEditor()
        for key in decoder.decode(Array("あいう".utf8)) { _ = editor.handle(key) }
        for key in decoder.decode(Array("\u{1B}[200~한글中文日本語ABC\u{1B}[201~".utf8)) { _ = editor.handle(key) }
        #expect(editor.text == "あいう한글中文日本語ABC")
        #expect(editor.cursorColumn == 23)
        for key in decoder.decode(Array("\u{1B}[D\u{1B}[Dx".utf8)) { _ = editor.handle(key) }
        #expect(editor.text == "あいう한글中文日本語AxBC")
        #expect(editor.cursorColumn == 22)
    }

    @Test func combiningMarkTypedSeparatelyJoinsItsBase() {
        let editor = edited(TextEditor(), [.character("e"), .character("\u{301}"), .character("x")])
        #expect(editor.text == "e\u{301}x")
        #expect(editor.count == 2)
        #expect(editor.cursorColumn == 2)
        #expect(edited(editor, [.backspace, .backspace]).text == "")
    }

    // Field case 009 (docs/field-cases.md): Home/End move and insert nothing.
    @Test(arguments: ["\u{1B}[H", "\u{1B}[1~", "\u{1B}[7~", "\u{1B}OH"])
    func homeInTheMiddle(_ sequence: String) {
        var decoder = InputDecoder()
        var editor = edited(TextEditor(text: "abcdef"), [.left, .left, .left])
        for key in decoder.decode(Array(sequence.utf8)) { _ = editor.handle(key) }
        #expect(editor.text == "abcdef")
        #expect(editor.cursor == 0)
    }

    @Test(arguments: ["\u{1B}[F", "\u{1B}[4~", "\u{1B}[8~", "\u{1B}OF"])
    func endInTheMiddle(_ sequence: String) {
        var decoder = InputDecoder()
        var editor = edited(TextEditor(text: "abcdef"), [.left, .left, .left])
        for key in decoder.decode(Array(sequence.utf8)) { _ = editor.handle(key) }
        #expect(editor.text == "abcdef")
        #expect(editor.cursor == 6)
    }

    @Test func editingKeys() {
        let start = TextEditor(text: "hello big world")
        #expect(edited(start, [.control("w")]).text == "hello big ")
        #expect(edited(start, [.control("a"), .delete]).text == "ello big world")
        #expect(edited(start, [.control("a"), .right, .control("k")]).text == "h")
        #expect(edited(start, [.left, .left, .control("u")]).text == "ld")
        #expect(edited(start, [.home, .control("e"), .backspace]).text == "hello big worl")
        #expect(edited(start, [.home, .left, .backspace]).cursor == 0)
        #expect(edited(start, [.end, .right, .delete]).cursor == 15)
    }

    @Test func controlCharactersAndLineBreaksAreNeverInserted() {
        #expect(edited(TextEditor(), [.paste("S3cret!pass\r\n")]).text == "S3cret!pass")
        #expect(edited(TextEditor(), [.paste("a\nb\tc")]).text == "abc")
    }

    @Test func codeFieldTakesOnlyItsDigits() {
        var field = FormField.code("code", label: "Code", length: 6)
        _ = field.editor.handle(.paste("12 34-56789"))
        #expect(field.value == "123456")
    }
}
