extension FlowState {
    /// Whose sign-ins to read: the signed-in account by default, or any user principal name or object id.
    func historyUserScreen(_ form: HistoryUserForm) -> Screen {
        Screen(title: "Sign-in history",
               text: ["Whose sign-ins? A user principal name or an object id. Reading sign-in logs needs an "
                      + "operator's sign-in (an account with a reports role)."],
               fields: [ScreenField(id: .historyUser, label: "User", kind: .text, value: form.user, error: form.userError)],
               actions: [ScreenAction("Show sign-ins", .historyUserChosen), ScreenAction("Back", .backRequested),
                         ScreenAction("Home", .homeRequested)])
    }

    /// The list: one option per row the filter admits (time in the operator's zone, app, result, then IP
    /// and location), the filter, "Load more" while Graph has more, and what went wrong last. Options
    /// draw as a scrolling list in full screen and as numbered choices in line mode.
    func historyScreen(_ view: HistoryView) -> Screen {
        let time = LocalTime(timeZone: settings.timeZone)
        let shown = view.shownRows
        var text = ["Sign-ins of \(view.user), newest first."]
        if view.loaded, shown.isEmpty {
            text.append(view.rows.isEmpty ? "No sign-ins in the tenant's retention window." + Self.emailHint(view.user)
                                          : "None of the \(view.rows.count) sign-ins loaded matches the filter.")
        }
        var details = [ScreenDetail("Filter", "\(view.filter.label) (\(shown.count) of \(view.rows.count) loaded"
                                    + (view.hasMore ? ", more on the server)" : ")"))]
        if let detail = view.failure?.detail { details.append(ScreenDetail("Details", detail)) }
        var actions = [ScreenAction("Filter: \(view.filter.label)", .historyFilterChanged(view.filter.next))]
        if view.linkRefusals >= Self.linkRefusalsBeforeRestart {
            actions.append(ScreenAction("Start again from the newest", .retryRequested))
        } else if view.loaded, view.hasMore {
            actions.append(ScreenAction("Load more", .historyMoreRequested))
        }
        if !view.loaded { actions.append(ScreenAction("Try again", .retryRequested)) }
        actions += [ScreenAction("Back", .backRequested), ScreenAction("Home", .homeRequested)]
        var screen = Screen(title: "Sign-in history", text: text, details: details,
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
        let missing = "not reported"
        let interactive = row.interactive.map { $0 ? "Yes" : "No" } ?? missing
        var details = [
            ScreenDetail("Time", LocalTime(timeZone: settings.timeZone).timestamp(row.time)),
            ScreenDetail("Application", row.app),
            ScreenDetail("Result", row.result),
        ]
        if !row.succeeded { details.append(ScreenDetail("Failure reason", row.failureReason ?? missing)) }
        details += [
            ScreenDetail("IP address", row.ipAddress ?? missing),
            ScreenDetail("Client app", row.clientApp ?? missing),
            ScreenDetail("Interactive", interactive),
            ScreenDetail("Location", row.location ?? missing),
            ScreenDetail("Conditional access", row.conditionalAccess ?? missing),
            ScreenDetail("Event id", row.id),
        ]
        return Screen(title: "Sign-in", details: details,
                      actions: [ScreenAction("Back", .backRequested), ScreenAction("Home", .homeRequested)])
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
        remaining > 0 ? "Throttled: retrying in \(remaining) s" : "Throttled: retrying now"
    }

    /// What a failed read means and what to do, by kind; the rows already loaded always stay.
    /// An email typed as the user finds nothing: a customer's UPN is generated, so say what to type instead.
    static func emailHint(_ user: String) -> String {
        user.contains("@") && !user.lowercased().hasSuffix(".onmicrosoft.com")
            ? " A customer's user principal name is generated (…@TENANT.onmicrosoft.com), not their email: try their object id."
            : ""
    }

    func historyMessage(_ failure: GraphFailure, loaded: Bool, linkRefusals: Int = 0) -> String {
        switch failure.kind {
        case .notPremium:
            "Sign-in logs need an Entra ID P1/P2 licence, AuditLog.Read.All and a reports-reader role: the licence "
                + "on the tenant, the permission and the role on the account reading them."
        case .missingPermission:
            "Reading sign-in logs needs an operator's account (AuditLog.Read.All and a reports-reader role): sign in "
                + "as one from the home menu, any way."
        case .throttled:
            "The tenant is still throttling requests. "
                + (loaded ? "The rows so far are kept; choose Load more to try again." : "Choose Try again in a while.")
        case .pageLinkRefused:
            failure.message + " The rows so far are kept; "
                + (linkRefusals >= Self.linkRefusalsBeforeRestart ? "choose Start again from the newest to read further."
                                                                   : "choose Load more to try once more.")
        case .needsSignIn, .network, .other:
            failure.message
        }
    }
}
