extension FlowState {
    /// Stores an edit on the current step; the field's previous error goes, the input is always kept.
    mutating func edit(_ field: FieldID, _ text: String) {
        if var module = step.module {
            module.edit(field, text)
            step = module.step
            return
        }
        switch (step, field) {
        case (.profileEdit(var form), .attribute(let name)):
            form.edit(name, text); step = .profileEdit(form)
        case (.historyUser(var form), .historyUser): form.user = text; form.userError = nil; step = .historyUser(form)
        default: break
        }
    }

    /// Validates the field being left, so mistakes show before submit.
    mutating func leave(_ field: FieldID) {
        if var module = step.module {
            module.leave(field)
            step = module.step
            return
        }
        switch (step, field) {
        case (.profileEdit(var form), .attribute(let name)): form.leave(name); step = .profileEdit(form)
        default: break
        }
    }
}
