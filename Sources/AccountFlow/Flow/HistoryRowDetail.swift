/// One sign-in shown in full, with the list it was opened from (Back returns to it as it was).
public struct HistoryRowDetail: Sendable, Equatable {
    /// The row shown.
    public var row: SignInRow
    /// The list to return to, its selection on ``row``.
    public var list: HistoryView

    /// Memberwise.
    public init(row: SignInRow, list: HistoryView) {
        self.row = row
        self.list = list
    }
}
