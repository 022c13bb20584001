/// The sign-in history list: the rows loaded so far for one user, the filter, the row last opened, and
/// what the last request said.
public struct HistoryView: Sendable, Equatable {
    /// The user whose sign-ins are read (as typed on the user form).
    public var user: String
    /// Every row loaded, newest first as received, pages appended in order.
    public var rows: [SignInRow]
    /// The last page had a next link: "Load more" is offered.
    public var hasMore: Bool
    /// A page has arrived; until then "Try again" reads the first page again.
    public var loaded: Bool
    /// Which rows are listed.
    public var filter: HistoryFilter
    /// The row the list is on: the one opened last, or the first of a page just loaded.
    public var selectedRowID: String?
    /// Throttled: the runner waits this long before asking again (the request stays in flight).
    public var waiting: Countdown?
    /// The last request's failure, until the next request.
    public var failure: GraphFailure?
    /// Times Graph refused the next link in a row: from two on, "Load more" gives way to starting again
    /// from the newest rows (field case 033).
    public var linkRefusals = 0

    /// A list for `user` before any page: no rows, all shown.
    public init(user: String, rows: [SignInRow] = [], hasMore: Bool = false, loaded: Bool = false,
                filter: HistoryFilter = .all, selectedRowID: String? = nil, waiting: Countdown? = nil,
                failure: GraphFailure? = nil) {
        self.user = user
        self.rows = rows
        self.hasMore = hasMore
        self.loaded = loaded
        self.filter = filter
        self.selectedRowID = selectedRowID
        self.waiting = waiting
        self.failure = failure
    }

    /// The rows the filter admits, in order.
    public var shownRows: [SignInRow] { rows.filter(filter.admits) }
}
