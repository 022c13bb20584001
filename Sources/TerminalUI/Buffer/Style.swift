/// How a cell is drawn. Colour is optional so a monochrome terminal (or `NO_COLOR`) still shows
/// every distinction through the attributes alone.
public struct Style: Hashable, Sendable {
    /// Foreground colour; nil for the terminal default. Dropped on monochrome terminals.
    public var color: Color?
    /// Background colour; nil for the terminal default. Dropped on monochrome terminals.
    public var background: Color?
    /// Bold (also how errors stay visible without colour).
    public var bold: Bool
    /// Dimmed, for hints.
    public var dim: Bool
    /// Underlined, for unfocused field boxes.
    public var underline: Bool
    /// Reverse video, for focus and the header.
    public var reverse: Bool

    /// The terminal's default colour and no attributes, unless given.
    public init(color: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false, underline: Bool = false,
                reverse: Bool = false) {
        self.color = color
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    /// No attributes.
    public static let plain = Style()
    /// Screen titles.
    public static let title = Style(bold: true)
    /// The header bar.
    public static let header = Style(color: .cyan, reverse: true)
    /// The focused field box or button.
    public static let focused = Style(color: .cyan, reverse: true)
    /// Field errors and error messages: bold so monochrome terminals still mark them.
    public static let error = Style(color: .red, bold: true)
    /// Success messages.
    public static let success = Style(color: .green, bold: true)
    /// Notes, hints and the footer.
    public static let hint = Style(dim: true)
    /// A value to read from a distance (a device code): bold and reversed, so it stands out without colour.
    public static let banner = Style(bold: true, reverse: true)
    /// Field boxes that do not have focus.
    public static let field = Style(underline: true)
    /// The highlighted row of a menu: bold and reversed (and ▸-marked), so it shows without colour.
    public static let menuHighlight = Style(color: .cyan, bold: true, reverse: true)
    /// The frame and title of the pane that takes the keys: bold (and heavy lines, and ●-marked).
    public static let focusedFrame = Style(color: .cyan, bold: true)
    /// The frame of a pane that does not take the keys.
    public static let frame = Style(dim: true)
    /// A QR code's glyphs, drawn as its dark modules: black on white where the terminal has colours (reversed
    /// white on black), and reverse video alone without them (`NO_COLOR`), which draws the glyphs in the
    /// background colour of a light-on-dark terminal, so dark modules stay dark there too.
    public static let qrCode = Style(color: .white, background: .black, reverse: true)
}
