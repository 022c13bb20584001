import Glibc

/// Display width of text as a terminal draws it, from the C library's `wcwidth`.
///
/// ncursesw and the terminal emulators this console targets use the same Unicode width data, so
/// measuring with `wcwidth` keeps the cursor where the terminal puts the glyphs (field case 007, docs/field-cases.md). A grapheme
/// is as wide as its first scalar: combining marks (`e` + U+0301), joiners and what they join add
/// nothing (`🧑‍🌾` is as wide as `🧑`, field case 016), which is also how ncursesw measures a `cchar_t`. The
/// one exception is a flag, two regional indicators of one column each that terminals draw in two.
public enum DisplayWidth {
    /// `wcwidth` answers -1 for everything non-ASCII until LC_CTYPE is a UTF-8 locale. Set it once;
    /// keep the program's own LC_CTYPE if it is already UTF-8.
    private static let localeReady: Bool = {
        if let current = setlocale(LC_CTYPE, nil), String(cString: current).uppercased().contains("UTF") {
            return true
        }
        if setlocale(LC_CTYPE, "") != nil, let now = setlocale(LC_CTYPE, nil),
           String(cString: now).uppercased().contains("UTF") {
            return true
        }
        return setlocale(LC_CTYPE, "C.UTF-8") != nil
    }()

    /// Glibc's module map hides `wcwidth` (it needs `_XOPEN_SOURCE`), so it is looked up in the C
    /// library already loaded into the process.
    private static let cWidth: (@convention(c) (Int32) -> Int32)? = {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "wcwidth") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()

    /// Columns one grapheme takes: 0, 1 or 2.
    public static func of(_ grapheme: Character) -> Int {
        _ = localeReady
        let scalars = grapheme.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || first.value == 0x7F { return 0 }
        if isRegionalIndicator(first), scalars.dropFirst().first.map(isRegionalIndicator) == true { return 2 }
        if first.isASCII { return 1 }
        guard let cWidth else { return first.properties.isEmojiPresentation ? 2 : 1 }
        var width = Int(cWidth(Int32(bitPattern: first.value)))
        if width < 0 { width = 1 }
        return min(width, 2)
    }

    /// U+1F1E6…U+1F1FF: two of them make a flag.
    public static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// Summed columns of a string's graphemes.
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }
}
