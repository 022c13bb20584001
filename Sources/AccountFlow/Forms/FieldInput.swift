import Localization
/// Limits on what a field accepts.
public enum FieldInput {
    /// The longest attribute value or email sent. Longer input is kept as typed and refused with a
    /// message on the field, never cut silently (a cut password would not be the one the user chose);
    /// the limit also bounds the regex engine's work. Passwords have no local limit: the tenant's policy
    /// answers `password_too_long`.
    public static let maxLength = 256

    /// The message for a value over `limit` characters (``maxLength`` unless the field has a lower one).
    static func tooLong(_ label: String, limit: Int = maxLength) -> String { tr("validation.tooLong", ["label": label, "limit": limit]) }
}
