import Localization

extension FlowState {
    /// The tenant snapshot's user actions: read it from the account screen (an operator's sign-in), save it.
    /// Enrolment mode keeps no account, so it has neither.
    mutating func tenantAction(_ event: FlowEvent) -> [FlowEffect] {
        guard !settings.enrolmentMode else { return [] }
        switch (event, step) {
        case (.tenantRequested, .signedIn):
            pending = .readingTenant
            return [.loadTenant]
        case (.tenantSaveRequested, .tenant(var view)):
            view.notice = nil
            view.saveFailure = nil
            step = .tenant(view)
            pending = .savingTenant
            return [.saveTenant]
        default:
            return []
        }
    }

    /// A tenant read or save answered; `request` is the one in flight. A failed read is a failure screen that
    /// can retry; a failed save stays on the summary and says why.
    mutating func tenantAnswer(_ event: FlowEvent, to request: PendingRequest) -> [FlowEffect] {
        switch (event, request) {
        case (.tenantLoaded(let result), .readingTenant):
            pending = nil
            switch result {
            case .success(let summary): step = .tenant(TenantView(summary: summary))
            case .failure(let failure): step = .failure(FailureReport(message: failure.message, detail: failure.detail, retryStep: step))
            }
        case (.tenantSaved(let result), .savingTenant):
            pending = nil
            guard case .tenant(var view) = step else { return [] }
            switch result {
            case .success(let path): view.notice = tr("tenant.savedTo", ["path": path])
            case .failure(let failure): view.saveFailure = failure.message
            }
            step = .tenant(view)
        default:
            break
        }
        return []
    }
}
