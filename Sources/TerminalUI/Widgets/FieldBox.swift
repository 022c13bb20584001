/// Draws the input box of a text, password or code field and says where the cursor goes.
enum FieldBox {
    /// Draws `[…]` at `origin` with `inner` columns of content.
    /// - Returns: the cursor position inside the box.
    static func render(_ field: FormField, focused: Bool, into buffer: inout Buffer, origin: Point, inner: Int) -> Point {
        let style: Style = focused ? .focused : .field
        buffer.write("[", at: origin)
        buffer.fill(Rect(x: origin.x + 1, y: origin.y, width: inner, height: 1), style: style)
        buffer.write("]", at: Point(x: origin.x + 1 + inner, y: origin.y))
        let contentX = origin.x + 1
        switch field.kind {
        case .code(let length, let revealed):
            return renderCode(field.editor, length: length, revealed: revealed, style: style, into: &buffer, origin: Point(x: contentX, y: origin.y))
        case .password(revealed: false):
            // Masked: one bullet per grapheme; the text itself is never drawn.
            return renderScrolled(field.editor.masked(with: "•"), style: style, into: &buffer, origin: Point(x: contentX, y: origin.y), inner: inner)
        case .text, .password(revealed: true), .toggle, .picker:
            return renderScrolled(field.editor, style: style, into: &buffer, origin: Point(x: contentX, y: origin.y), inner: inner)
        }
    }

    /// Slots `• • • _ _ _` (`1 2 3 _ _ _` when revealed); the cursor sits on the next empty slot.
    private static func renderCode(_ editor: TextEditor, length: Int, revealed: Bool, style: Style, into buffer: inout Buffer, origin: Point) -> Point {
        let digits = Array(editor.text)
        for slot in 0..<length {
            let glyph = slot < digits.count ? (revealed ? String(digits[slot]) : "•") : "_"
            buffer.write(glyph, at: Point(x: origin.x + slot * 2, y: origin.y), style: style)
        }
        return Point(x: origin.x + min(editor.cursor, max(0, length - 1)) * 2, y: origin.y)
    }

    /// Scrolls horizontally so the cursor is always inside the box: when the text before the cursor
    /// is wider than the box, the view starts just far enough right to show it in the last column.
    private static func renderScrolled(_ editor: TextEditor, style: Style, into buffer: inout Buffer, origin: Point, inner: Int) -> Point {
        guard inner > 0 else { return origin }
        let cursorColumn = editor.cursorColumn
        let offset = max(0, cursorColumn - (inner - 1))
        var column = 0
        for grapheme in editor.text {
            let width = DisplayWidth.of(grapheme)
            defer { column += width }
            if column < offset {
                // A wide grapheme cut by the left edge shows as a space, not half a glyph.
                if column + width > offset { buffer.write(" ", at: Point(x: origin.x, y: origin.y), style: style) }
                continue
            }
            if column - offset + width > inner { break }
            buffer.write(String(grapheme), at: Point(x: origin.x + column - offset, y: origin.y), style: style)
        }
        return Point(x: origin.x + cursorColumn - offset, y: origin.y)
    }
}
