/// The bottom row: the key help generated from the keymap.
enum FooterBar {
    static func render(_ keymap: Keymap, words: WidgetWords, into buffer: inout Buffer, row: Int) {
        let width = buffer.size.width
        let text = TextWrap.truncate(" " + keymap.footerText(fitting: width - 1, words: words), width: width)
        buffer.write(text, at: Point(x: 0, y: row), style: .hint, maxWidth: width)
    }
}
