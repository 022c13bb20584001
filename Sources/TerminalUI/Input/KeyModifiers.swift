/// The modifier bits of xterm's and kitty's keyboard encodings (the parameter is `1 +` these bits).
///
/// Source: the kitty keyboard protocol, "Modifiers" (sw.kovidgoyal.net/kitty/keyboard-protocol/);
/// xterm's ctlseqs, "PC-Style Function Keys", uses the first four the same way.
struct KeyModifiers: OptionSet {
    let rawValue: Int

    static let shift = KeyModifiers(rawValue: 1)
    static let alt = KeyModifiers(rawValue: 2)
    static let control = KeyModifiers(rawValue: 4)
    static let `super` = KeyModifiers(rawValue: 8)
    static let hyper = KeyModifiers(rawValue: 16)
    static let meta = KeyModifiers(rawValue: 32)
    static let capsLock = KeyModifiers(rawValue: 64)
    static let numLock = KeyModifiers(rawValue: 128)
}
