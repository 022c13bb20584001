/// Text from outside (a scenario's name, a person's name, a server's message) made inert in Markdown: printable
/// (``PrintableText``), on one line, with every character that could open emphasis, code, a link, raw HTML, an
/// entity or a table cell backslash-escaped. CommonMark lets any ASCII punctuation be escaped so
/// (https://spec.commonmark.org/0.31.2/#backslash-escapes), so a renderer shows `<img src=x>` or `*x*` as typed.
public enum MarkdownText {
    /// - Returns: `text` for a table cell, a heading or a line of prose; line breaks become spaces.
    public static func inline(_ text: String) -> String {
        var out = ""
        for character in PrintableText.make(text) {
            switch character {
            case "\r\n", "\n", "\r": out.append(" ")
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&":
                out.append("\\")
                out.append(character)
            default: out.append(character)
            }
        }
        return out
    }
}
