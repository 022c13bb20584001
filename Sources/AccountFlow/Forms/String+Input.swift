// Small text helpers for input checks, without Foundation's CharacterSet.

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { (48...57).contains($0) } ?? false }
}

extension String {
    /// Without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: String {
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
              let last = characters.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(characters[first...last])
    }
}
