/// The editing state of a one-line field: its text and a cursor counted in graphemes.
///
/// Editing is by grapheme, so `é` typed as `e` + U+0301 or a flag emoji is one step for ←/→ and
/// Backspace. The cursor's screen column is ``cursorColumn``, the display width of the text before
/// it (field case 007, docs/field-cases.md), never the grapheme count.
public struct TextEditor: Hashable, Sendable {
    /// The text, without line breaks or control characters.
    public private(set) var text: String
    /// Graphemes before the cursor.
    public private(set) var cursor: Int
    /// Longest text accepted, in graphemes (nil: no limit).
    public var maxLength: Int?
    /// Which graphemes may be entered (nil: every printable one).
    public var allowed: (@Sendable (Character) -> Bool)?

    /// Starts with `text` filtered and cut as if typed, the cursor after it; `maxLength` counts graphemes.
    public init(text: String = "", maxLength: Int? = nil, allowed: (@Sendable (Character) -> Bool)? = nil) {
        self.text = ""
        cursor = 0
        self.maxLength = maxLength
        self.allowed = allowed
        insert(text)
    }

    /// Equal text, cursor and limit; the `allowed` filter is not compared (closures cannot be).
    public static func == (lhs: TextEditor, rhs: TextEditor) -> Bool {
        lhs.text == rhs.text && lhs.cursor == rhs.cursor && lhs.maxLength == rhs.maxLength
    }

    /// Hashes the text and cursor, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(cursor)
    }

    /// Display columns of the text before the cursor.
    public var cursorColumn: Int { DisplayWidth.of(text.prefix(cursor)) }

    /// Number of graphemes.
    public var count: Int { text.count }

    /// Applies an editing key.
    /// - Returns: false if the key is not an editing key (the form then consults its keymap).
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let grapheme): insert(String(grapheme))
        case .paste(let pasted): insert(pasted)
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = text.count
        case .backspace:
            guard cursor > 0 else { return true }
            remove(cursor - 1..<cursor)
        case .delete, .control("d"):
            guard cursor < text.count else { return true }
            remove(cursor..<cursor + 1)
        case .control("u"): remove(0..<cursor)
        case .control("k"): remove(cursor..<text.count)
        case .control("w"): remove(wordStart()..<cursor)
        default: return false
        }
        return true
    }

    /// The same length and cursor with every grapheme replaced by `mask`: what a masked field draws.
    func masked(with mask: Character) -> TextEditor {
        var copy = TextEditor(text: String(repeating: mask, count: text.count))
        copy.cursor = cursor
        return copy
    }

    /// Empties the field; used to wipe secrets once they have been submitted.
    public mutating func clear() {
        text = ""
        cursor = 0
    }

    /// Inserts at the cursor. Line breaks and other control characters are dropped: a one-line field
    /// never holds them, and a pasted trailing newline must not become part of a password (field case 008, docs/field-cases.md).
    public mutating func insert(_ input: String) {
        var accepted = input.filter { grapheme in
            !grapheme.unicodeScalars.contains { $0.properties.generalCategory == .control }
                && (allowed?(grapheme) ?? true)
        }
        if let maxLength { accepted = String(accepted.prefix(max(0, maxLength - text.count))) }
        guard !accepted.isEmpty else { return }
        let before = String(text.prefix(cursor)) + accepted
        text = before + text.dropFirst(cursor)
        // Counting `before` again lets a combining mark merge with the grapheme before it.
        cursor = min(before.count, text.count)
    }

    private mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        text = String(text.prefix(range.lowerBound)) + text.dropFirst(range.upperBound)
        cursor = range.lowerBound
    }

    /// Start of the word before the cursor: skip spaces, then non-spaces (Ctrl-W as in a shell).
    private func wordStart() -> Int {
        let graphemes = Array(text.prefix(cursor))
        var index = graphemes.count
        while index > 0, graphemes[index - 1].isWhitespace { index -= 1 }
        while index > 0, !graphemes[index - 1].isWhitespace { index -= 1 }
        return index
    }
}
