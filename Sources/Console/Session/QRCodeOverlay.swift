import AccountFlow
import Localization
import QRCode
import TerminalUI

/// F7 on a screen with an address for a phone (the device code's, the browser sign-in's): the address as a QR
/// code over the whole screen, with what to do once it is open. Any key closes it but `i`, which swaps dark and
/// light (for a light terminal without colours, where reverse video draws the code inverted).
struct QRCodeOverlay {
    /// The address shown, with its instructions.
    let link: PhoneLink
    /// nil when the address is too long for any QR code.
    private let picture: HalfBlockQR?
    private var inverted = false

    init(_ link: PhoneLink) {
        self.link = link
        picture = (try? QRMatrix.encode(link.address)).map(HalfBlockQR.init)
    }

    /// Applies a key. - Returns: false when the overlay closes.
    mutating func handle(_ key: Key) -> Bool {
        guard key == .character("i") else { return false }
        inverted.toggle()
        return true
    }

    /// The smallest terminal the code fits: its lines plus a line of instructions above and the key hint below.
    var neededSize: Size? {
        picture.map { Size(width: $0.columns, height: $0.rows + 2) }
    }

    /// Draws over the whole of `buffer`: the code centred, or how large the terminal must be.
    func render(into buffer: inout Buffer) {
        let size = buffer.size
        buffer = Buffer(size: size)
        buffer.writeCut(tr("qr.keys"), at: Point(x: 1, y: size.height - 1), style: .hint,
                        width: size.width - 2)
        guard let picture, let needed = neededSize, size.width >= needed.width, size.height >= needed.height else {
            var lines = [picture == nil ? tr("qr.tooLong")
                         : tr("qr.tooSmall", ["width": neededSize?.width ?? 0, "height": neededSize?.height ?? 0, "columns": size.width,
                                              "rows": size.height])]
            lines.append(link.address)
            for (row, line) in Self.wrapped(lines, width: size.width - 2).prefix(max(0, size.height - 1)).enumerated() {
                buffer.write(line, at: Point(x: 1, y: row))
            }
            return
        }
        buffer.writeCut(link.instructions.first ?? tr("qr.scan"), at: Point(x: 1, y: 0), style: .title, width: size.width - 2)
        let left = (size.width - picture.columns) / 2
        for (row, line) in picture.lines(ink: inverted ? .light : .dark).enumerated() {
            buffer.write(line, at: Point(x: left, y: 1 + row), style: .qrCode)
        }
        // What does not fit above goes under the code when there is room.
        let below = Self.wrapped(Array(link.instructions.dropFirst()), width: size.width - 2)
        for (offset, line) in below.prefix(max(0, size.height - 2 - picture.rows)).enumerated() {
            buffer.write(line, at: Point(x: 1, y: 1 + picture.rows + offset), style: .hint)
        }
    }

    /// `paragraphs` wrapped to `width` columns, an address on lines of its own (``TextWrap/wrap(_:width:)``).
    private static func wrapped(_ paragraphs: [String], width: Int) -> [String] {
        paragraphs.flatMap { TextWrap.wrap($0, width: max(1, width)) }
    }
}
