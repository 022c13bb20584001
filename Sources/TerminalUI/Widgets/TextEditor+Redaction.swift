/// A field's text may be a password: `dump` and debuggers see its length and cursor, not the text.
extension TextEditor: CustomReflectable {
    /// For `dump` and debuggers: the number of graphemes and the cursor, never the text.
    public var customMirror: Mirror { Mirror(self, children: ["characters": text.count, "cursor": cursor]) }
}
