/// The top row: product and tenant on the left, mode on the right, authority between them.
enum HeaderBar {
    static func render(_ header: HeaderInfo?, into buffer: inout Buffer, row: Int) {
        let width = buffer.size.width
        buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: .header)
        guard let header else {
            buffer.write(" Tophhie Account Console", at: Point(x: 0, y: row), style: .header, maxWidth: width)
            return
        }
        // The mode gives way too when the authority would not fit beside it.
        let authorityFits = DisplayWidth.of(" \(header.authority) [\(header.mode)] ") <= width
        let right = authorityFits ? "[\(header.mode)] " : ""
        let rightWidth = DisplayWidth.of(right)
        let room = max(0, width - rightWidth - 1)
        // The authority (with the emulator's port, which the control API needs) is the last to be cut:
        // the tenant's name gives way first, then goes.
        let prefix = " Tophhie · "
        let suffix = " · \(header.authority)"
        let tenantRoom = room - DisplayWidth.of(prefix) - DisplayWidth.of(suffix)
        let left = tenantRoom >= 4
            ? prefix + TextWrap.truncate(header.tenant, width: tenantRoom) + suffix
            : TextWrap.truncate(" " + header.authority, width: room)
        buffer.write(left, at: Point(x: 0, y: row), style: .header, maxWidth: width)
        if !right.isEmpty {
            buffer.write(right, at: Point(x: width - rightWidth, y: row), style: .header)
        }
    }
}
