/// The size of a terminal or of an area on it, in columns and rows.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size; negative values are clamped to zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// Columns × rows, e.g. `80×24`.
    public var description: String { "\(width)×\(height)" }
}
