/// A field's text may be a password: `dump` and debuggers see its length and cursor, not the text.
extension TextEditor: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["characters": text.count, "cursor": cursor]) }
}
