/// One column of one row of a ``Buffer``.
///
/// A wide grapheme (CJK, most emoji) occupies two cells: the first holds the grapheme with
/// `width == 2`, the second is a continuation cell (`grapheme == ""`, `width == 0`) that backends skip.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here, or `""` in the continuation cell of a wide grapheme.
    public var grapheme: String
    /// Columns the grapheme takes: 1 or 2, or 0 for a continuation cell.
    public var width: Int
    /// How the cell is drawn.
    public var style: Style

    /// `width` is the grapheme's display width in columns: 1 or 2, or 0 for a continuation cell.
    public init(grapheme: String, width: Int, style: Style = .plain) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// A space with the given style.
    public static func blank(_ style: Style = .plain) -> Cell { Cell(grapheme: " ", width: 1, style: style) }

    /// True for the second half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }
}
