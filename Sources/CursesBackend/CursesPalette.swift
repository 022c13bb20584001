import CNcursesw
import TerminalUI

/// Maps a ``Style`` to curses attributes and a colour pair.
///
/// Without colour (no colour support, or `NO_COLOR` set) the colour is dropped and the attributes
/// alone carry meaning: errors are bold, focus and the header are reversed.
struct CursesPalette {
    let usesColor: Bool

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
        return Int16(index + 1)
    }

    private static func cursesColor(_ color: Color) -> Int16 {
        switch color {
        case .red: return Int16(COLOR_RED)
        case .green: return Int16(COLOR_GREEN)
        case .yellow: return Int16(COLOR_YELLOW)
        case .blue: return Int16(COLOR_BLUE)
        case .magenta: return Int16(COLOR_MAGENTA)
        case .cyan: return Int16(COLOR_CYAN)
        }
    }
}
