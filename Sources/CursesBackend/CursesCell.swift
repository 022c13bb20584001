import CNcursesw
import Glibc
import TerminalUI

/// The `cchar_t`s that draw one ``Cell`` of a ``Buffer`` (field case 016, docs/field-cases.md).
///
/// `setcchar` keeps only the first spacing character of a grapheme and the non-spacing ones after it,
/// so `🧑‍🌾` (U+1F9D1 U+200D U+1F33E) reached the terminal as `🧑` and a stray joiner that glued the
/// next cell to it. ncursesw itself writes every character a cell holds, so the cell's characters are
/// set here directly: the whole grapheme, in the columns the buffer counted for it. A cell holds at most
/// `CCHARW_MAX` (5) characters: a longer grapheme (a family of four is 7) is cut before its last joined
/// part that fits, never after a joiner. A flag (two regional indicators of one column each, drawn in
/// two) becomes two one-column cells, so ncursesw moves on by the two columns the terminal uses.
enum CursesCell {
    /// The characters of each `cchar_t` that draws `grapheme` in `width` columns, left to right.
    static func characters(of grapheme: String, width: Int) -> [[UInt32]] {
        let scalars = grapheme.unicodeScalars.map(\.value)
        guard let first = grapheme.unicodeScalars.first else { return [] }
        if width == 2, DisplayWidth.isRegionalIndicator(first), scalars.count == 2 {
            return scalars.map { [$0] }
        }
        var kept = Array(scalars.prefix(Int(CCHARW_MAX)))
        // A cut grapheme never ends in a joiner: it would join whatever the next cell holds.
        if kept.count < scalars.count, kept.last == joiner { kept.removeLast() }
        return [kept]
    }

    /// U+200D ZERO WIDTH JOINER.
    static let joiner: UInt32 = 0x200D

    /// A `cchar_t` holding `characters` (at most `CCHARW_MAX`) with the attributes and colour pair.
    static func make(_ characters: [UInt32], attributes: attr_t, pair: Int16) -> cchar_t {
        var cell = cchar_t()
        let base: [wchar_t] = [wchar_t(bitPattern: characters.first ?? 0x20), 0]
        _ = setcchar(&cell, base, attributes, pair, nil)
        withUnsafeMutableBytes(of: &cell.chars) { raw in
            let slots = raw.bindMemory(to: wchar_t.self)
            for index in slots.indices { slots[index] = index < characters.count ? wchar_t(bitPattern: characters[index]) : 0 }
        }
        return cell
    }
}
