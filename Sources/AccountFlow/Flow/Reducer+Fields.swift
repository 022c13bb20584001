extension FlowState {
    /// Stores an edit on the current step; the field's previous error goes, the input is always kept.
    mutating func edit(_ field: FieldID, _ text: String) {
        if var module = step.module {
            module.edit(field, text)
            step = module.step
            return
        }
        switch step {
        case .profileEdit(var form):
            guard case .attribute(let name) = field else { return }
            form.edit(name, text); step = .profileEdit(form)
        case .historyUser(var form):
            guard field == .historyUser else { return }
            form.user = text; form.userError = nil; step = .historyUser(form)
        case .home, .signInStart, .signUpStart, .resetStart, .codeEntry, .newPassword, .attributes, .methodPicker,
             .contactEntry, .resetPolling, .resetDone, .readyToSignIn, .webFallback, .signedIn, .deviceCode,
             .browserWait, .signedOut, .enrolled, .enrolmentSignedIn, .profile, .history, .historyRow, .tenant,
             .failure: break
        }
    }

    /// Validates the field being left, so mistakes show before submit.
    mutating func leave(_ field: FieldID) {
        if var module = step.module {
            module.leave(field)
            step = module.step
            return
        }
        switch step {
        case .profileEdit(var form):
            guard case .attribute(let name) = field else { return }
            form.leave(name); step = .profileEdit(form)
        case .home, .signInStart, .signUpStart, .resetStart, .codeEntry, .newPassword, .attributes, .methodPicker,
             .contactEntry, .resetPolling, .resetDone, .readyToSignIn, .webFallback, .signedIn, .deviceCode,
             .browserWait, .signedOut, .enrolled, .enrolmentSignedIn, .profile, .historyUser, .history, .historyRow,
             .tenant, .failure: break
        }
    }
}
