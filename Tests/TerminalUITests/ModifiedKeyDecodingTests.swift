import TerminalUI
import Testing

/// Keys in the encodings a terminal uses once a program turned a keyboard mode on (kitty's `CSI … u`,
/// xterm's modifyOtherKeys) or for modified keys anyway (field case 027): each is the key it names, and
/// nothing of a sequence is ever typed.
@Suite struct ModifiedKeyDecodingTests {
    private func keys(_ bytes: String) -> [Key] {
        var decoder = InputDecoder()
        return decoder.decode(Array(bytes.utf8)) + decoder.flushPendingEscape()
    }

    /// The byte strings a terminal left in kitty's keyboard mode sends, with the key each names.
    static let kittyKeys: [(String, Key)] = [
        ("\u{1B}[27u", .escape),
        ("\u{1B}[99;5u", .control("c")),
        ("\u{1B}[13u", .enter),
        ("\u{1B}[13;129u", .enter),             // Num Lock on
        ("\u{1B}[9u", .tab),
        ("\u{1B}[9;2u", .backTab),
        ("\u{1B}[127u", .backspace),
        ("\u{1B}[97u", .character("a")),
        ("\u{1B}[65;2u", .character("A")),
        ("\u{1B}[97;65u", .character("a")),     // Caps Lock on: the key is still a
        ("\u{1B}[100;133u", .control("d")),     // Ctrl-D with Num Lock
        ("\u{1B}[57399u", .character("0")),     // keypad 0
    ]

    @Test(arguments: kittyKeys)
    func kittyKeyIsTheKeyItNames(_ bytes: String, _ key: Key) {
        #expect(keys(bytes) == [key], "\(bytes.debugDescription)")
    }

    /// However the bytes are split across reads, the same key comes out, and no fragment (`27u`, `;5u`)
    /// before it.
    @Test(arguments: kittyKeys)
    func kittyKeySplitAtEveryByteIsTheSameKey(_ bytes: String, _ key: Key) {
        let raw = Array(bytes.utf8)
        for cut in 1..<raw.count {
            var decoder = InputDecoder()
            let keys = decoder.decode(raw[..<cut]) + decoder.decode(raw[cut...])
            #expect(keys == [key], "split at \(cut) of \(bytes.debugDescription)")
        }
        var decoder = InputDecoder()
        #expect(raw.flatMap { decoder.decode([$0]) } == [key], "one byte per read: \(bytes.debugDescription)")
    }

    /// A key-release event, a code not known, and a modifier pressed alone are dropped whole: the key
    /// after them is the only one.
    @Test(arguments: ["\u{1B}[99;5:3u", "\u{1B}[97;1:3u", "\u{1B}[1;1:3A", "\u{1B}[57441;2u", "\u{1B}[57358u", "\u{1B}[99;9u",
                      "\u{1B}[0u", "\u{1B}[55296u", "\u{1B}[?1u"])
    func releaseAndUnknownCodesAreDroppedWhole(_ bytes: String) {
        #expect(keys(bytes + "x") == [.character("x")], "\(bytes.debugDescription)")
    }

    /// A key held down repeats (event type 2) and acts each time.
    @Test func repeatEventActs() {
        #expect(keys("\u{1B}[97;1:2u\u{1B}[97;1:2u") == [.character("a"), .character("a")])
    }

    /// The shifted key kitty reports, and the text it reports, win over the code.
    @Test func reportedShiftedKeyAndTextAreTyped() {
        #expect(keys("\u{1B}[49:33;2u") == [.character("!")])
        #expect(keys("\u{1B}[97;2u") == [.character("A")])
        #expect(keys("\u{1B}[97;;233u") == [.character("é")])
        #expect(keys("\u{1B}[98;3u") == [.alt(.character("b"))])
    }

    /// Ctrl-C quits however it is typed: with Alt too, or after Esc.
    @Test func ctrlCWithAltIsStillCtrlC() {
        #expect(keys("\u{1B}[99;7u") == [.control("c")])
        #expect(keys("\u{1B}\u{1B}[99;5u") == [.control("c")])
        #expect(keys("\u{1B}[27;7;99~") == [.control("c")])
    }

    /// xterm's modifyOtherKeys: `ESC [ 27 ; mods ; code ~`.
    @Test func modifyOtherKeys() {
        #expect(keys("\u{1B}[27;5;13~") == [.enter])
        #expect(keys("\u{1B}[27;5;99~") == [.control("c")])
        #expect(keys("\u{1B}[27;2;65~") == [.character("A")])
        #expect(keys("\u{1B}[27;2;9~") == [.backTab])
        #expect(keys("\u{1B}[27;3;98~") == [.alt(.character("b"))])
    }

    /// Cursor, editing and function keys with a modifier parameter, in xterm's, old xterm's, rxvt's and
    /// the Linux console's forms, and the keypad a program left in application mode.
    @Test func modifiedCursorAndFunctionKeys() {
        #expect(keys("\u{1B}[1;5A\u{1B}[1;2B\u{1B}[1;6C\u{1B}[1;129D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}[1;3H\u{1B}[5;5~\u{1B}[1;2P\u{1B}[15;5~") == [.alt(.home), .pageUp, .function(1), .function(5)])
        #expect(keys("\u{1B}O5A\u{1B}O1;5P\u{1B}O3D") == [.up, .function(1), .alt(.left)])
        #expect(keys("\u{1B}[3$\u{1B}[7^\u{1B}[2@\u{1B}[a\u{1B}Od") == [.delete, .home, .insert, .up, .left])
        #expect(keys("\u{1B}[[A\u{1B}[[E") == [.function(1), .function(5)])
        #expect(keys("\u{1B}Op\u{1B}Oy\u{1B}Ok\u{1B}OM") == [.character("0"), .character("9"), .character("+"), .enter])
        #expect(keys("\u{1B}[57414u\u{1B}[57417u\u{1B}[57376u") == [.enter, .left, .function(13)])
    }

    /// Reports of a mouse mode a program left on are no keys: nothing of them is typed.
    @Test func mouseReportsTypeNothing() {
        #expect(keys("\u{1B}[M !!x") == [.character("x")])
        #expect(keys("\u{1B}[<0;10;5Mx\u{1B}[<0;10;5mx") == [.character("x"), .character("x")])
    }

    /// On a form, the keys of a terminal in kitty's mode do what the keys do: letters type, Backspace
    /// deletes, Tab moves, Enter submits, Esc goes back, Ctrl-C quits.
    @Test func kittyKeysDriveAForm() {
        var form = FormView(title: "Sign in", fields: [.text("username", label: "Email"), .password("password", label: "Password")])
        func press(_ bytes: String) -> [FormOutcome] { keys(bytes).map { form.handle($0) } }
        _ = press("\u{1B}[97u\u{1B}[65;2u\u{1B}[98;65u\u{1B}[57399u\u{1B}[127u")
        #expect(form.values["username"] == "aAb")
        #expect(press("\u{1B}[9u") == [.leftField(id: "username")])
        #expect(press("\u{1B}[9;2u") == [.leftField(id: "password")])
        #expect(press("\u{1B}[13;129u") == [.submitted(button: nil)])
        #expect(press("\u{1B}[99;5u") == [.quit])
        var empty = FormView(title: "Home", fields: [.text("username", label: "Email")])
        #expect(keys("\u{1B}[27u").map { empty.handle($0) } == [.back])
    }
}
