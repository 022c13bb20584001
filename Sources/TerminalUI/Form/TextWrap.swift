/// Word wrapping and truncation by display width.
public enum TextWrap {
    /// Splits `text` into lines no wider than `width` columns, breaking at spaces when it can. A word longer
    /// than the width is cut by columns, except a locator (``isLocator(_:)``, a web address or a file path):
    /// one that does not fit the line it is on takes lines of its own, broken after a `/`, `?` or `&`
    /// (``locatorPieces(_:width:)``) with no other word before or after, so a terminal selection of those
    /// lines is the locator and no word of it is cut.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if DisplayWidth.of(candidate) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            if isLocator(word) {
                // The next word starts a line of its own: no empty line when nothing follows.
                lines += locatorPieces(word, width: width)
                continue
            }
            // A word longer than the width is cut by columns.
            var rest = Substring(word)
            while DisplayWidth.of(rest) > width {
                let piece = prefix(rest, width: width)
                lines.append(String(piece))
                rest = rest.dropFirst(piece.count)
                if piece.isEmpty { break }
            }
            line = String(rest)
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `locator` in lines of at most `width` columns, each ending after the last `/`, `?` or `&` that fits
    /// (never inside a `//`); a run without one wider than the width is cut by columns.
    static func locatorPieces(_ locator: String, width: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(locator)
        while DisplayWidth.of(rest) > width {
            let fits = prefix(rest, width: width)
            guard !fits.isEmpty else { break }
            let breaks = fits.indices.filter { index in
                let next = rest.index(after: index)
                return "/?&".contains(rest[index]) && (next == rest.endIndex || rest[next] != "/")
            }
            let end = breaks.last.map { rest.index(after: $0) } ?? fits.endIndex
            pieces.append(String(rest[..<end]))
            rest = rest[end...]
        }
        return rest.isEmpty ? pieces : pieces + [String(rest)]
    }

    /// Whether `word` is a web address (`http://` or `https://`), which is never broken among other text.
    static func isAddress(_ word: some StringProtocol) -> Bool {
        word.hasPrefix("https://") || word.hasPrefix("http://")
    }

    /// Whether `word` is a web address or a file path (`/…`, `~/…`, `./…`): something a person copies whole.
    static func isLocator(_ word: some StringProtocol) -> Bool {
        isAddress(word) || ["/", "~/", "./", "../"].contains { word.hasPrefix($0) }
    }

    /// Whether `text` holds a locator wider than `width` columns: it cannot stay on a line with other text.
    static func hasLongLocator(_ text: String, width: Int) -> Bool {
        text.split(separator: " ").contains { isLocator($0) && DisplayWidth.of($0) > width }
    }

    /// The longest prefix that fits in `width` columns.
    static func prefix(_ text: Substring, width: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let columns = DisplayWidth.of(text[index])
            if used + columns > width { break }
            used += columns
            end = text.index(after: index)
        }
        return text[..<end]
    }

    /// `text` cut to `width` columns with `…` when it does not fit.
    static func truncate(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard width > 1 else { return String(prefix(Substring(text), width: width)) }
        return String(prefix(Substring(text), width: width - 1)) + "…"
    }
}
