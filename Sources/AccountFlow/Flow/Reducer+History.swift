import Foundation
import Localization

extension FlowState {
    /// Rows asked for per page (`$top`); field case 022 (docs/field-cases.md) pages by 50.
    static let historyPageSize = 50
    static var historyUserMissing: String { tr("history.userMissing") }
    /// Refusals of the same next link after which "Load more" is replaced by starting again (field case 033, docs/field-cases.md).
    static let linkRefusalsBeforeRestart = 2

    /// The sign-in history's user actions: choose the user, read, filter, open a row, load more, and try
    /// the first page again by hand. Enrolment mode keeps no account, so it has none of them.
    mutating func historyAction(_ event: FlowEvent) -> [FlowEffect] {
        guard !settings.enrolmentMode else { return [] }
        switch (event, step) {
        case (.historyRequested, .signedIn):
            step = .historyUser(HistoryUserForm(user: signedIn?.username ?? ""))
        case (.historyUserChosen, .historyUser(var form)):
            let user = form.user.trimmingSpaces
            guard !user.isEmpty else {
                form.userError = Self.historyUserMissing
                step = .historyUser(form)
                return []
            }
            return readFirstPage(HistoryView(user: user))
        case (.retryRequested, .history(let view)) where !view.loaded:
            return readFirstPage(view)
        case (.retryRequested, .history(let view)) where view.linkRefusals >= Self.linkRefusalsBeforeRestart:
            // The next link is dead: a fresh list from the newest rows.
            return readFirstPage(HistoryView(user: view.user, filter: view.filter))
        case (.historyMoreRequested, .history(var view)) where view.loaded && view.hasMore && view.linkRefusals < Self.linkRefusalsBeforeRestart:
            view.failure = nil
            step = .history(view)
            pending = .readingSignIns
            return [.loadMoreHistory]
        case (.historyFilterChanged(let filter), .history(var view)):
            view.filter = filter
            step = .history(view)
        case (.historyRowOpened(let id), .history(var view)):
            guard let row = view.rows.first(where: { $0.id == id }) else { return [] }
            view.selectedRowID = id
            step = .historyRow(HistoryRowDetail(row: row, list: view))
        default:
            break
        }
        return []
    }

    private mutating func readFirstPage(_ list: HistoryView) -> [FlowEffect] {
        var view = list
        view.failure = nil
        step = .history(view)
        pending = .readingSignIns
        return [.loadHistory(user: view.user, top: Self.historyPageSize)]
    }

    /// A history read answered or is waiting out throttling; `request` is the one in flight. Rows already
    /// shown are kept whatever happens; a failure is shown and never retried here.
    mutating func historyAnswer(_ event: FlowEvent, to request: PendingRequest) -> [FlowEffect] {
        guard request == .readingSignIns, case .history(var view) = step else { return [] }
        switch event {
        case .historyWaiting(let seconds):
            view.waiting = Countdown(seconds: seconds, startedAt: now)
        case .historyLoaded(let result):
            pending = nil
            view.waiting = nil
            switch result {
            case .success(let page):
                // After "Load more" the list goes on at the first new row.
                if view.loaded, let first = page.rows.first { view.selectedRowID = first.id }
                view.rows += page.rows
                view.hasMore = page.hasMore
                view.loaded = true
                view.failure = nil
                view.linkRefusals = 0
            case .failure(let failure):
                view.failure = failure
                if failure.kind == .pageLinkRefused { view.linkRefusals += 1 }
            }
        default:
            return []
        }
        step = .history(view)
        return []
    }

    /// Time passed: a throttling countdown set before the first tick starts now.
    mutating func startHistoryCountdown(at date: Date) {
        guard case .history(var view) = step, var waiting = view.waiting, waiting.startedAt == nil else { return }
        waiting.startedAt = date
        view.waiting = waiting
        step = .history(view)
    }

    /// The read in flight was cancelled: its throttling countdown goes with it.
    mutating func stopHistoryCountdown() {
        guard case .history(var view) = step, view.waiting != nil else { return }
        view.waiting = nil
        step = .history(view)
    }
}
