/// One page of sign-in history, newest first as Graph sent it.
public struct HistoryPage: Sendable, Equatable {
    /// The page's events, in the order received.
    public var rows: [SignInRow]
    /// The answer had an `@odata.nextLink`: the runner keeps it for ``FlowEffect/loadMoreHistory``.
    public var hasMore: Bool

    /// Memberwise.
    public init(rows: [SignInRow], hasMore: Bool) {
        self.rows = rows
        self.hasMore = hasMore
    }
}
