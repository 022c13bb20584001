import Localization
extension FlowState {
    /// Whose sign-ins to read: the signed-in account by default, or any user principal name or object id.
    func historyUserScreen(_ form: HistoryUserForm) -> Screen {
        Screen(title: tr("history.title"), text: [tr("history.userText")],
               fields: [ScreenField(id: .historyUser, label: tr("history.user"), kind: .text, value: form.user, error: form.userError)],
               actions: [ScreenAction(tr("action.showSignIns"), .historyUserChosen), ScreenAction(tr("action.back"), .backRequested),
                         ScreenAction(tr("action.home"), .homeRequested)])
    }

    /// The list: one option per row the filter admits (time in the operator's zone, app, result, then IP
    /// and location), the filter, "Load more" while Graph has more, and what went wrong last. Options
    /// draw as a scrolling list in full screen and as numbered choices in line mode.
    func historyScreen(_ view: HistoryView) -> Screen {
        let time = LocalTime(timeZone: settings.timeZone)
        let shown = view.shownRows
        var text = [tr("history.text", ["user": view.user])]
        if view.loaded, shown.isEmpty {
            text.append(view.rows.isEmpty ? tr("history.noneInWindow") + Self.emailHint(view.user)
                                          : tr("history.noneMatches", ["count": view.rows.count]))
        }
        var details = [ScreenDetail(tr("history.filter"), tr("history.filterValue", [
            "filter": view.filter.label, "shown": shown.count, "count": view.rows.count, "more": view.hasMore ? "yes" : "no",
        ]))]
        if let detail = view.failure?.detail { details.append(ScreenDetail(tr("history.details"), detail)) }
        var actions = [ScreenAction(tr("action.filter", ["filter": view.filter.label]), .historyFilterChanged(view.filter.next))]
        if view.linkRefusals >= Self.linkRefusalsBeforeRestart {
            actions.append(ScreenAction(tr("action.startAgainNewest"), .retryRequested))
        } else if view.loaded, view.hasMore {
            actions.append(ScreenAction(tr("action.loadMore"), .historyMoreRequested))
        }
        if !view.loaded { actions.append(ScreenAction(tr("action.tryAgain"), .retryRequested)) }
        actions += [ScreenAction(tr("action.back"), .backRequested), ScreenAction(tr("action.home"), .homeRequested)]
        var screen = Screen(title: tr("history.title"), text: text, details: details,
                          options: shown.map { row in
                              let whereFrom = [row.ipAddress, row.location].compactMap { $0 }
                              return ScreenOption(label: Self.rowLine(row, time: time),
                                                  detail: whereFrom.isEmpty ? nil : whereFrom.joined(separator: "  "),
                                                  event: .historyRowOpened(id: row.id))
                          },
                          selectedOption: view.selectedRowID.flatMap { id in shown.firstIndex { $0.id == id } },
                          actions: actions,
                          message: view.failure.map { historyMessage($0, loaded: view.loaded, linkRefusals: view.linkRefusals) },
                          notice: view.waiting.map { Self.throttledText($0.remaining(at: now)) })
        // Each row opens its sign-in in full.
        screen.optionStyle = .menu
        return screen
    }

    /// One row in full, every field; what Graph did not send reads "not reported".
    func historyRowScreen(_ row: SignInRow) -> Screen {
        let missing = tr("history.notReported")
        let interactive = row.interactive.map { $0 ? tr("history.yes") : tr("history.no") } ?? missing
        var details = [
            ScreenDetail(tr("history.time"), LocalTime(timeZone: settings.timeZone).timestamp(row.time)),
            ScreenDetail(tr("history.application"), row.app),
            ScreenDetail(tr("history.result"), row.result),
        ]
        if !row.succeeded { details.append(ScreenDetail(tr("history.failureReason"), row.failureReason ?? missing)) }
        details += [
            ScreenDetail(tr("history.ipAddress"), row.ipAddress ?? missing),
            ScreenDetail(tr("history.clientApp"), row.clientApp ?? missing),
            ScreenDetail(tr("history.interactive"), interactive),
            ScreenDetail(tr("history.location"), row.location ?? missing),
            ScreenDetail(tr("history.conditionalAccess"), row.conditionalAccess ?? missing),
            ScreenDetail(tr("history.eventID"), row.id),
        ]
        return Screen(title: tr("historyRow.title"), details: details,
                      actions: [ScreenAction(tr("action.back"), .backRequested), ScreenAction(tr("action.home"), .homeRequested)])
    }

    /// Width of the list's app column (characters): a longer name is cut with "…".
    static let appColumn = 20
    /// Width of the result column: `"Failed 50126"`.
    static let resultColumn = 12

    /// `"2027-01-15 08:00  Contoso web           Success     "`: aligned columns for a fixed-width font, so
    /// the address and location after it line up too.
    static func rowLine(_ row: SignInRow, time: LocalTime) -> String {
        let app = row.app.count > appColumn ? String(row.app.prefix(appColumn - 1)) + "…" : row.app
        return time.clock(row.time, now: nil) + "  " + padded(app, to: appColumn) + "  " + padded(row.result, to: resultColumn)
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// `"Throttled: retrying in 7 s"`, then `"Throttled: retrying now"`.
    static func throttledText(_ remaining: Int) -> String {
        remaining > 0 ? tr("history.throttled", ["seconds": remaining]) : tr("history.throttledNow")
    }

    /// What a failed read means and what to do, by kind; the rows already loaded always stay.
    /// An email typed as the user finds nothing: a customer's UPN is generated, so say what to type instead.
    static func emailHint(_ user: String) -> String {
        user.contains("@") && !user.lowercased().hasSuffix(".onmicrosoft.com")
            ? tr("history.emailHint")
            : ""
    }

    func historyMessage(_ failure: GraphFailure, loaded: Bool, linkRefusals: Int = 0) -> String {
        switch failure.kind {
        case .notPremium:
            tr("history.notPremium")
        case .missingPermission:
            tr("history.missingPermission")
        case .throttled:
            loaded ? tr("history.throttled.loaded") : tr("history.throttled.notLoaded")
        case .pageLinkRefused:
            linkRefusals >= Self.linkRefusalsBeforeRestart ? tr("history.linkRefused.restart", ["message": failure.message])
                                                           : tr("history.linkRefused", ["message": failure.message])
        case .needsSignIn, .network, .other:
            failure.message
        }
    }
}
