import Localization
extension FlowState {
    /// The tenant's snapshot summary: flows, collected attributes, methods, apps, MFA policies, and what was not
    /// read; Save writes the whole snapshot (docs/tenant-snapshot.md).
    func tenantScreen(_ view: TenantView) -> Screen {
        let summary = view.summary
        var details: [ScreenDetail] = []
        func list(_ label: String, _ lines: [String], none: String) {
            if lines.isEmpty { details.append(ScreenDetail(label, none)) }
            for line in lines { details.append(ScreenDetail(label, line)) }
        }
        list(tr("tenant.flow"), summary.flows, none: tr("tenant.none"))
        list(tr("tenant.attribute"), summary.attributes, none: tr("tenant.noneCollected"))
        list(tr("tenant.method"), summary.methods, none: tr("tenant.methodsNotRead"))
        list(tr("tenant.app"), summary.applications, none: tr("tenant.none"))
        list(tr("tenant.mfaPolicy"), summary.mfaPolicies, none: tr("tenant.none"))
        for line in summary.notRead { details.append(ScreenDetail(tr("tenant.notRead"), line)) }
        return Screen(title: tr("tenant.title"), text: [tr("tenant.text")],
                      details: details,
                      actions: [ScreenAction(tr("action.saveSnapshot"), .tenantSaveRequested), ScreenAction(tr("action.back"), .backRequested),
                                ScreenAction(tr("action.home"), .homeRequested)],
                      message: view.saveFailure, notice: view.notice)
    }
}
