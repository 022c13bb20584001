/// The top row: product and tenant on the left, mode on the right, authority between them.
enum HeaderBar {
    static func render(_ header: HeaderInfo?, into buffer: inout Buffer, row: Int) {
        let width = buffer.size.width
        buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: .header)
        guard let header else {
            buffer.write(" Tophhie Account Console", at: Point(x: 0, y: row), style: .header, maxWidth: width)
            return
        }
        let right = "[\(header.mode)] "
        let rightWidth = DisplayWidth.of(right)
        let left = TextWrap.truncate(" Tophhie · \(header.tenant) · \(header.authority)", width: max(0, width - rightWidth - 1))
        buffer.write(left, at: Point(x: 0, y: row), style: .header, maxWidth: width)
        if rightWidth < width {
            buffer.write(right, at: Point(x: width - rightWidth, y: row), style: .header)
        }
    }
}
