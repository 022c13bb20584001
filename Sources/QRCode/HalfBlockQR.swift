/// A ``QRMatrix`` as lines of text: Unicode half blocks (`▀`, `▄`, `█` and space), two module rows per
/// character cell and one module column per cell, inside the 4-module quiet zone a reader needs.
///
/// Which modules the glyphs draw is the caller's choice (``Ink``), since only the caller knows the colours:
/// glyphs are drawn in the foreground colour, spaces show the background.
///
/// ```swift
/// let picture = HalfBlockQR(try QRMatrix.encode("https://login.example/device"))
/// picture.columns, picture.rows      // 41, 21
/// picture.lines(ink: .dark)          // for dark glyphs on a light background
/// ```
public struct HalfBlockQR: Hashable, Sendable {
    /// Which modules the glyphs draw.
    public enum Ink: Hashable, Sendable {
        /// Glyphs are the dark modules: for a dark foreground on a light background (explicit colours,
        /// reverse video on a light-on-dark terminal, or paper).
        case dark
        /// Glyphs are the light modules and the quiet zone: for a light foreground on a dark background (a
        /// light-on-dark terminal without colours), so dark modules still come out dark.
        case light
    }

    /// Light modules on each side; ISO/IEC 18004 asks for at least 4.
    public static let quietZone = 4

    /// The code drawn.
    public let matrix: QRMatrix

    /// Draws `matrix`.
    public init(_ matrix: QRMatrix) {
        self.matrix = matrix
    }

    /// Character cells per line: the modules per side plus the quiet zone on both sides.
    public var columns: Int { matrix.size + 2 * Self.quietZone }

    /// Lines: half the modules per side with the quiet zone, rounded up (the last line's lower half is light).
    public var rows: Int { (columns + 1) / 2 }

    /// The picture, ``rows`` lines of ``columns`` characters each.
    public func lines(ink: Ink) -> [String] {
        (0..<rows).map { row in
            String((0..<columns).map { column in
                let top = inked(column, 2 * row, ink), bottom = inked(column, 2 * row + 1, ink)
                return switch (top, bottom) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            })
        }
    }

    /// Whether the module at (`x`, `y`) of the picture, quiet zone included, is drawn as a glyph.
    private func inked(_ x: Int, _ y: Int, _ ink: Ink) -> Bool {
        let dark = matrix[x - Self.quietZone, y - Self.quietZone]
        return ink == .dark ? dark : !dark
    }
}
