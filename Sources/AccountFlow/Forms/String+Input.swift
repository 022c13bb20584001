// Small text helpers for input checks, without Foundation's CharacterSet.

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { (48...57).contains($0) } ?? false }
}

extension String {
    /// Without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: String {
        if hasNothingToTrim { return self }
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
              let last = characters.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(characters[first...last])
    }

    /// Starts and ends with a visible ASCII character, as most values do: nothing to trim, no Characters to build.
    /// (A last Character holding that byte starts with it or with a prepended mark, never with white space.)
    var hasNothingToTrim: Bool {
        guard let first = utf8.first, let last = utf8.last else { return false }
        return (0x21...0x7E).contains(first) && (0x21...0x7E).contains(last)
    }
}
