/// Keys with modifiers in the encodings terminals use besides the legacy bytes: kitty's keyboard
/// protocol (`ESC [ code ; mods u`), xterm's modifyOtherKeys (`ESC [ 27 ; mods ; code ~`), and the
/// modifier parameter of cursor and editing keys (`ESC [ 1;5A`).
///
/// The console turns none of these modes on; it reads them because a program that died in kitty's mode
/// leaves the terminal sending every key this way (field case 027), and some terminals send modified keys
/// so unasked. Caps Lock and Num Lock never change a key; a key-release event and a code not known here
/// are dropped whole, so no part of a sequence is ever typed into a field.
/// Sources: sw.kovidgoyal.net/kitty/keyboard-protocol/ ("Key codes", "Modifiers", "Event types");
/// invisible-island.net/xterm/ctlseqs/ctlseqs.html ("PC-Style Function Keys", `modifyOtherKeys`).
extension InputDecoder {
    /// Alt plus `key`; Ctrl-C stays Ctrl-C, since it must quit however it was typed.
    static func withAlt(_ key: Key) -> Key {
        key == .control("c") ? key : .alt(key)
    }

    /// A non-text key (arrow, Home, F-key) with the modifiers of its parameter: Alt (or Meta) makes it
    /// ``Key/alt(_:)``, Shift-Tab is ``Key/backTab``; Ctrl and Shift otherwise leave it as it is, as
    /// they do for the legacy bytes.
    static func modified(_ keys: [Key], by modifiers: KeyModifiers) -> [Key] {
        keys.map { key in
            let key = key == .tab && modifiers.contains(.shift) ? .backTab : key
            return modifiers.isDisjoint(with: [.alt, .meta]) ? key : withAlt(key)
        }
    }

    /// `ESC [ code[:shifted] ; mods[:event] ; text u` (kitty), and the same key from modifyOtherKeys,
    /// whose code is field 2 of `ESC [ 27 ; mods ; code ~`.
    static func codedKey(_ code: Int?, shifted: Int?, text: [Int], modifiers: KeyModifiers) -> [Key] {
        guard let code else { return [] }
        // Super and Hyper chords are the desktop's shortcuts; nothing here binds them, and their
        // letter must not be typed.
        guard modifiers.isDisjoint(with: [.super, .hyper]) else { return [] }
        let keys: [Key]
        if let named = namedKey(code) {
            keys = [named]
        } else if let scalar = Unicode.Scalar(code), code >= 0x20, code != 0x7F, !privateUse.contains(code) {
            keys = textKeys(scalar, shifted: shifted, text: text, modifiers: modifiers)
        } else {
            return []
        }
        return modified(keys, by: modifiers.subtracting(.control))
    }

    /// Kitty's codes for keys that have no character: Esc, Enter, Tab, Backspace, and the keypad and
    /// F13–F35 keys (numbered in the Private Use Area, 57344 and up).
    private static func namedKey(_ code: Int) -> Key? {
        switch code {
        case 27: return .escape
        case 13, 57414: return .enter          // 57414: keypad Enter
        case 9: return .tab
        case 127, 8: return .backspace
        case 57399...57408: return .character(Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(code - 57399))))
        // 57414 (the space) is keypad Enter, taken above.
        case 57409...57416: return .character(Array("./*-+ =,")[code - 57409])
        case 57417...57426: return [.left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .insert, .delete][code - 57417]
        case 57376...57398: return .function(code - 57376 + 13)
        default: return nil
        }
    }

    /// Codes kitty uses for keys without text (Caps Lock, media and modifier keys alone, …).
    private static let privateUse = 0xE000...0xF8FF

    /// A key that types text. Ctrl plus a letter is ``Key/control(_:)``; Ctrl plus anything else binds
    /// nothing and is dropped. Otherwise the text the terminal reported, else the shifted key it named,
    /// else the code (upper-cased with Shift, for the terminals that do not send the shifted key).
    private static func textKeys(_ scalar: Unicode.Scalar, shifted: Int?, text: [Int], modifiers: KeyModifiers) -> [Key] {
        if modifiers.contains(.control) {
            guard scalar.isASCII, let letter = Character(scalar).lowercased().first, ("a"..."z").contains(letter) else { return [] }
            return [.control(letter)]
        }
        let reported = text.compactMap { Unicode.Scalar($0) }.filter { $0.value >= 0x20 && $0.value != 0x7F }
        if !reported.isEmpty, reported.count == text.count {
            var typed = String.UnicodeScalarView()
            typed.append(contentsOf: reported)
            return String(typed).map { .character($0) }
        }
        guard modifiers.contains(.shift) else { return [.character(Character(scalar))] }
        if let shifted, let shiftedScalar = Unicode.Scalar(shifted), shifted >= 0x20 {
            return [.character(Character(shiftedScalar))]
        }
        let upper = String(scalar).uppercased()
        return [.character(upper.count == 1 ? Character(upper) : Character(scalar))]
    }
}
