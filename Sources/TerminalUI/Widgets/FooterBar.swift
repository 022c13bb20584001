/// The bottom row: the key help generated from the keymap.
enum FooterBar {
    /// - Parameter reserve: columns left blank at the row's right end.
    static func render(_ keymap: Keymap, words: WidgetWords, reserve: Int = 0, into buffer: inout Buffer, row: Int) {
        let width = max(0, buffer.size.width - reserve)
        let text = TextWrap.truncate(" " + keymap.footerText(fitting: width - 1, words: words), width: width)
        buffer.write(text, at: Point(x: 0, y: row), style: .hint, maxWidth: width)
    }
}
