/// A read-only label and value under a form's text (account details, claims, what the app sent).
///
/// Values are drawn in a column after the widest label; a long value wraps inside that column, so
/// its continuation lines stay under the value rather than under the labels.
public struct FormDetail: Hashable, Sendable {
    /// What the value is ("Username", "Claim exp").
    public var label: String
    /// The value, wrapped in its column when long.
    public var value: String

    /// A detail line showing `value` after `label`.
    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}
