import Localization

extension FlowState {
    /// The tenant snapshot's user actions: read it from the account screen (an operator's sign-in), save it.
    /// Enrolment mode keeps no account, so it has neither.
    mutating func readTenant() -> [FlowEffect] {
        guard !settings.enrolmentMode, case .signedIn = step else { return [] }
        pending = .readingTenant
        return [.loadTenant]
    }

    mutating func saveTenant() -> [FlowEffect] {
        guard !settings.enrolmentMode, case .tenant(var view) = step else { return [] }
        view.notice = nil
        view.saveFailure = nil
        step = .tenant(view)
        pending = .savingTenant
        return [.saveTenant]
    }

    /// A tenant read answered: a failure is a screen that can retry.
    mutating func tenantLoaded(_ result: Result<TenantSummary, GraphFailure>) -> [FlowEffect] {
        pending = nil
        switch result {
        case .success(let summary): step = .tenant(TenantView(summary: summary))
        case .failure(let failure): step = .failure(FailureReport(message: failure.message, detail: failure.detail, retryStep: step))
        }
        return []
    }

    /// A save answered: a failed one stays on the summary and says why.
    mutating func tenantSaved(_ result: Result<String, GraphFailure>) -> [FlowEffect] {
        pending = nil
        guard case .tenant(var view) = step else { return [] }
        switch result {
        case .success(let path): view.notice = tr("tenant.savedTo", ["path": path])
        case .failure(let failure): view.saveFailure = failure.message
        }
        step = .tenant(view)
        return []
    }
}
