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
        list("Sign-up flow", summary.flows, none: "none")
        list("Attribute", summary.attributes, none: "none collected")
        list("Method", summary.methods, none: "not read")
        list("App", summary.applications, none: "none")
        list("MFA policy", summary.mfaPolicies, none: "none")
        for line in summary.notRead { details.append(ScreenDetail("Not read", line)) }
        return Screen(title: "Tenant snapshot",
                      text: ["The tenant's configuration as Microsoft Graph gives it to this account. Reading every part needs an "
                             + "operator's sign-in (EventListener.Read.All, IdentityUserFlow.Read.All, Policy.Read.AuthenticationMethod, "
                             + "Application.Read.All, Policy.Read.All)."],
                      details: details,
                      actions: [ScreenAction("Save snapshot", .tenantSaveRequested), ScreenAction("Back", .backRequested),
                                ScreenAction("Home", .homeRequested)],
                      message: view.saveFailure, notice: view.notice)
    }
}
