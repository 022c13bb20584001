import Foundation
import Localization

extension FlowState {
    /// Rows asked for per page (`$top`); field case 022 (docs/field-cases.md) pages by 50.
    static let historyPageSize = 50
    static var historyUserMissing: String { tr("history.userMissing") }
    /// Refusals of the same next link after which "Load more" is replaced by starting again (field case 033, docs/field-cases.md).
    static let linkRefusalsBeforeRestart = 2

    // The sign-in history's user actions: choose the user, read, filter, open a row, load more, and try the first
    // page again by hand. Enrolment mode keeps no account, so it has none of them.
    mutating func askHistoryUser() -> [FlowEffect] {
        guard !settings.enrolmentMode, case .signedIn = step else { return [] }
        step = .historyUser(HistoryUserForm(user: signedIn?.username ?? ""))
        return []
    }

    mutating func historyUserChosen() -> [FlowEffect] {
        guard !settings.enrolmentMode, case .historyUser(var form) = step else { return [] }
        let user = form.user.trimmingSpaces
        guard !user.isEmpty else {
            form.userError = Self.historyUserMissing
            step = .historyUser(form)
            return []
        }
        return readFirstPage(HistoryView(user: user))
    }

    mutating func retryHistory(_ view: HistoryView) -> [FlowEffect] {
        guard !settings.enrolmentMode else { return [] }
        if !view.loaded { return readFirstPage(view) }
        // The next link is dead: a fresh list from the newest rows.
        guard view.linkRefusals >= Self.linkRefusalsBeforeRestart else { return [] }
        return readFirstPage(HistoryView(user: view.user, filter: view.filter))
    }

    mutating func loadMoreHistory() -> [FlowEffect] {
        guard !settings.enrolmentMode, case .history(var view) = step,
              view.loaded && view.hasMore && view.linkRefusals < Self.linkRefusalsBeforeRestart else { return [] }
        view.failure = nil
        step = .history(view)
        pending = .readingSignIns
        return [.loadMoreHistory]
    }

    mutating func filterHistory(_ filter: HistoryFilter) -> [FlowEffect] {
        guard !settings.enrolmentMode, case .history(var view) = step else { return [] }
        view.filter = filter
        step = .history(view)
        return []
    }

    mutating func openHistoryRow(_ id: String) -> [FlowEffect] {
        guard !settings.enrolmentMode, case .history(var view) = step,
              let row = view.rows.first(where: { $0.id == id }) else { return [] }
        view.selectedRowID = id
        step = .historyRow(HistoryRowDetail(row: row, list: view))
        return []
    }

    private mutating func readFirstPage(_ list: HistoryView) -> [FlowEffect] {
        var view = list
        view.failure = nil
        step = .history(view)
        pending = .readingSignIns
        return [.loadHistory(user: view.user, top: Self.historyPageSize)]
    }

    /// Throttled: the read waits out `seconds`, counted from the next tick when none arrived yet.
    mutating func historyWaiting(_ seconds: Int) -> [FlowEffect] {
        guard case .history(var view) = step else { return [] }
        view.waiting = Countdown(seconds: seconds, startedAt: now)
        step = .history(view)
        return []
    }

    /// A history read answered. Rows already shown are kept whatever happens; a failure is shown and never
    /// retried here.
    mutating func historyLoaded(_ result: Result<HistoryPage, GraphFailure>) -> [FlowEffect] {
        guard case .history(var view) = step else { return [] }
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
