import CNcursesw
import TerminalUI

/// Maps a ``Style`` to curses attributes and a colour pair.
///
/// Without colour (no colour support, or `NO_COLOR` set) the colour is dropped and the attributes
/// alone carry meaning: errors are bold, focus and the header are reversed.
/// A foreground on the terminal's background is pair 1 + its index in `Color.allCases`; a foreground on an explicit
/// background (a QR code) gets the next free pair when first drawn, so an 8-colour terminal's 64 pairs suffice.
final class CursesPalette {
    let usesColor: Bool
    /// Pairs of a foreground on an explicit background, made as they are first drawn.
    private var pairs: [Style: Int16] = [:]

    /// Starts colours when the terminal has them and the user did not opt out with `NO_COLOR`.
    init(environment: [String: String]) {
        let optedOut = !(environment["NO_COLOR"] ?? "").isEmpty
        guard !optedOut, has_colors() else {
            usesColor = false
            return
        }
        start_color()
        // -1 keeps the terminal's own background when it supports default colours.
        let background: Int16 = use_default_colors() == OK ? -1 : Int16(COLOR_BLACK)
        for (index, color) in Color.allCases.enumerated() {
            init_pair(Int16(index + 1), Self.cursesColor(color), background)
        }
        usesColor = true
    }

    func attributes(_ style: Style) -> attr_t {
        var value = cncursesw_a_normal()
        if style.bold { value |= cncursesw_a_bold() }
        if style.dim { value |= cncursesw_a_dim() }
        if style.underline { value |= cncursesw_a_underline() }
        if style.reverse { value |= cncursesw_a_reverse() }
        return value
    }

    func pair(_ style: Style) -> Int16 {
        guard usesColor, let color = style.color, let index = Color.allCases.firstIndex(of: color) else { return 0 }
        guard let background = style.background else { return Int16(index + 1) }
        let colors = Style(color: color, background: background)
        if let made = pairs[colors] { return made }
        let next = Int16(Color.allCases.count + pairs.count + 1)
        // No pair left: the attributes alone (the QR code's reverse video) still draw it.
        guard Int32(next) < cncursesw_color_pairs(), init_pair(next, Self.cursesColor(color), Self.cursesColor(background)) == OK else { return 0 }
        pairs[colors] = next
        return next
    }

    private static func cursesColor(_ color: Color) -> Int16 {
        switch color {
        case .red: return Int16(COLOR_RED)
        case .green: return Int16(COLOR_GREEN)
        case .yellow: return Int16(COLOR_YELLOW)
        case .blue: return Int16(COLOR_BLUE)
        case .magenta: return Int16(COLOR_MAGENTA)
        case .cyan: return Int16(COLOR_CYAN)
        case .black: return Int16(COLOR_BLACK)
        case .white: return Int16(COLOR_WHITE)
        }
    }
}
