/// Limits on what a field accepts.
public enum FieldInput {
    /// Characters kept from any edit: attribute values, emails and passwords are far shorter, and the
    /// cap also bounds the regex engine's work.
    public static let maxLength = 256

    /// `text` cut to ``maxLength`` characters.
    public static func capped(_ text: String) -> String {
        text.count > maxLength ? String(text.prefix(maxLength)) : text
    }
}
