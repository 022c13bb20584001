/// Word wrapping and truncation by display width.
public enum TextWrap {
    /// Splits `text` into lines no wider than `width` columns, breaking at spaces when it can. A word longer
    /// than the width is cut by columns; when it is an address (``isAddress(_:)``) its pieces are lines of
    /// their own, with no other word before or after, so a terminal selection of those lines is the address.
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
            // A word longer than the width is cut by columns.
            var rest = Substring(word)
            while DisplayWidth.of(rest) > width {
                let piece = prefix(rest, width: width)
                lines.append(String(piece))
                rest = rest.dropFirst(piece.count)
                if piece.isEmpty { break }
            }
            if isAddress(word), !rest.isEmpty {
                lines.append(String(rest))
                line = ""
                // The next word starts a line of its own: no empty line when nothing follows.
                continue
            }
            line = String(rest)
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Whether `word` is a web address (`http://` or `https://`), which is never broken among other text.
    static func isAddress(_ word: some StringProtocol) -> Bool {
        word.hasPrefix("https://") || word.hasPrefix("http://")
    }

    /// Whether `text` holds an address wider than `width` columns: it cannot stay on a line with other text.
    static func hasLongAddress(_ text: String, width: Int) -> Bool {
        text.split(separator: " ").contains { isAddress($0) && DisplayWidth.of($0) > width }
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
