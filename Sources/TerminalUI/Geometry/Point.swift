/// A cell position: `x` is the column, `y` the row, both from zero at the top left.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Column, from zero at the left.
    public var x: Int
    /// Row, from zero at the top.
    public var y: Int

    /// The cell at column `x`, row `y`; not clamped (a point may lie off the screen).
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// `(x,y)`, for test failures and traces.
    public var description: String { "(\(x),\(y))" }
}
