import Testing
@testable import AccountFlow

/// Small editors for expected states: change one step's payload in place, failing when the step differs.
extension FlowState {
    mutating func signIn(_ change: (inout SignInForm) -> Void) {
        guard case .signInStart(var form) = step else { Issue.record("expected sign-in start, got \(step)"); return }
        change(&form)
        step = .signInStart(form)
    }

    mutating func signUp(_ change: (inout SignUpForm) -> Void) {
        guard case .signUpStart(var form) = step else { Issue.record("expected sign-up start, got \(step)"); return }
        change(&form)
        step = .signUpStart(form)
    }

    mutating func code(_ change: (inout CodeEntry) -> Void) {
        guard case .codeEntry(var entry) = step else { Issue.record("expected code entry, got \(step)"); return }
        change(&entry)
        step = .codeEntry(entry)
    }

    mutating func newPassword(_ change: (inout NewPasswordForm) -> Void) {
        guard case .newPassword(var form) = step else { Issue.record("expected new password, got \(step)"); return }
        change(&form)
        step = .newPassword(form)
    }

    mutating func attributes(_ change: (inout AttributeForm) -> Void) {
        guard case .attributes(var form) = step else { Issue.record("expected attributes, got \(step)"); return }
        change(&form)
        step = .attributes(form)
    }

    mutating func picker(_ change: (inout MethodPicker) -> Void) {
        guard case .methodPicker(var picker) = step else { Issue.record("expected method picker, got \(step)"); return }
        change(&picker)
        step = .methodPicker(picker)
    }

    mutating func contact(_ change: (inout ContactEntry) -> Void) {
        guard case .contactEntry(var entry) = step else { Issue.record("expected contact entry, got \(step)"); return }
        change(&entry)
        step = .contactEntry(entry)
    }

    mutating func profileEdit(_ change: (inout ProfileEditForm) -> Void) {
        guard case .profileEdit(var form) = step else { Issue.record("expected profile edit, got \(step)"); return }
        change(&form)
        step = .profileEdit(form)
    }

    mutating func history(_ change: (inout HistoryView) -> Void) {
        guard case .history(var view) = step else { Issue.record("expected history, got \(step)"); return }
        change(&view)
        step = .history(view)
    }

    mutating func reset(_ change: (inout EmailForm) -> Void) {
        guard case .resetStart(var form) = step else { Issue.record("expected reset start, got \(step)"); return }
        change(&form)
        step = .resetStart(form)
    }
}

extension LoopGuard {
    /// The guard after seeing `keys` in order.
    static func seen(_ keys: String...) -> LoopGuard {
        var loopGuard = LoopGuard()
        for key in keys { _ = loopGuard.allow(key) }
        return loopGuard
    }
}
