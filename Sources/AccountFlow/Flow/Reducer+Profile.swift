extension FlowState {
    static let profileSaved = "Saved"
    static let nothingChanged = "Nothing changed"

    /// The profile's user actions: read it from the account screen, open the edit form. Enrolment mode
    /// keeps no account, so it has neither.
    mutating func profileAction(_ event: FlowEvent) -> [FlowEffect] {
        guard !settings.enrolmentMode else { return [] }
        switch (event, step) {
        case (.profileRequested, .signedIn):
            pending = .readingProfile
            return [.loadProfile]
        case (.profileEditRequested, .profile(let view)):
            step = .profileEdit(ProfileEditForm(profile: view.profile))
        default:
            break
        }
        return []
    }

    /// Save on the edit form: nothing changed is only a notice; otherwise the changed fields are checked,
    /// then sent, and only they.
    mutating func saveProfile(_ original: ProfileEditForm) -> [FlowEffect] {
        var form = original
        form.notice = nil
        form.form.message = nil
        let changes = form.changes
        guard !changes.isEmpty else {
            form.notice = Self.nothingChanged
            step = .profileEdit(form)
            return []
        }
        let valid = form.validateChanges()
        step = .profileEdit(form)
        guard valid else { return [] }
        pending = .savingProfile
        return [.saveProfile(changes)]
    }

    /// A profile read or save answered; `request` is the one in flight. A refused save stays on the form
    /// with every typed value and marks the refused fields; nothing is retried.
    mutating func profileAnswer(_ event: FlowEvent, to request: PendingRequest) -> [FlowEffect] {
        switch event {
        case .profileLoaded(let result) where request == .readingProfile:
            pending = nil
            switch result {
            case .success(let profile):
                step = .profile(ProfileView(profile: profile))
            case .failure(let failure):
                step = .failure(FailureReport(message: failure.message, detail: failure.detail, retryStep: step))
            }
        case .profileSaved(let result) where request == .savingProfile:
            pending = nil
            switch (result, step) {
            case (.success(let profile), _):
                step = .profile(ProfileView(profile: profile, notice: Self.profileSaved))
            case (.failure(let failure), .profileEdit(var form)):
                if failure.kind == .missingPermission, !failure.refusedFields.isEmpty {
                    form.markRefused(failure.refusedFields)
                } else {
                    form.form.message = failure.message
                }
                step = .profileEdit(form)
            case (.failure, _):
                break
            }
        default:
            break
        }
        return []
    }
}
