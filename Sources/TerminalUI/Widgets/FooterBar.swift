/// The bottom row: the key help generated from the keymap.
enum FooterBar {
    static func render(_ keymap: Keymap, into buffer: inout Buffer, row: Int) {
        let width = buffer.size.width
        let text = TextWrap.truncate(" " + keymap.footerText(fitting: width - 1), width: width)
        buffer.write(text, at: Point(x: 0, y: row), style: .hint, maxWidth: width)
    }
}
