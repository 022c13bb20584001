import Localization

extension FlowState {
    static var profileSaved: String { tr("profile.saved") }
    static var nothingChanged: String { tr("profile.nothingChanged") }

    /// The profile's user actions: read it from the account screen, open the edit form. Enrolment mode
    /// keeps no account, so it has neither.
    mutating func readProfile() -> [FlowEffect] {
        guard !settings.enrolmentMode, case .signedIn = step else { return [] }
        pending = .readingProfile
        return [.loadProfile]
    }

    mutating func editProfile() -> [FlowEffect] {
        guard !settings.enrolmentMode, case .profile(let view) = step else { return [] }
        step = .profileEdit(ProfileEditForm(profile: view.profile))
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
    /// with every typed value and marks the refused fields; a 403 that names none sends each change alone
    /// (``ProfileEditForm/OneByOneSave``); nothing else is retried.
    mutating func profileLoaded(_ result: Result<ProfileSummary, GraphFailure>) -> [FlowEffect] {
        pending = nil
        switch result {
        case .success(let profile):
            adoptDisplayName(of: profile)
            step = .profile(ProfileView(profile: profile))
        case .failure(let failure):
            step = .failure(FailureReport(message: failure.message, detail: failure.detail, retryStep: step))
        }
        return []
    }

    mutating func profileSaved(_ result: Result<ProfileSummary, GraphFailure>) -> [FlowEffect] {
        pending = nil
        if case .success(let profile) = result { adoptDisplayName(of: profile) }
        switch (result, step) {
        case (_, .profileEdit(let form)) where form.oneByOne != nil:
            return nextAlone(form, after: result)
        case (.success(let profile), _):
            step = .profile(ProfileView(profile: profile, notice: Self.profileSaved))
        case (.failure(let failure), .profileEdit(var form)):
            if failure.kind == .missingPermission, !failure.refusedFields.isEmpty {
                form.markRefused(failure.refusedFields)
            } else if failure.kind == .missingPermission, form.changes.count == 1 {
                form.markRefused(Array(form.changes.keys))
            } else if failure.kind == .missingPermission {
                let order = form.changes.keys.sorted { $0.rawValue < $1.rawValue }
                form.oneByOne = ProfileEditForm.OneByOneSave(sending: order[0], remaining: Array(order.dropFirst()))
                return sendAlone(form)
            } else {
                form.form.message = failure.message
            }
            step = .profileEdit(form)
        case (.failure, _):
            break
        }
        return []
    }

    /// Graph's profile is the newest word on the account's display name (the id token's `name` is as old as the
    /// sign-in): the account screen shows what the profile read last says, an edit included.
    private mutating func adoptDisplayName(of profile: ProfileSummary) {
        guard case .set(let name)? = profile.fields.first(where: { $0.property == .displayName })?.value else { return }
        signedIn?.displayName = name
    }

    /// Sends the one change `form.oneByOne` names.
    private mutating func sendAlone(_ form: ProfileEditForm) -> [FlowEffect] {
        guard let property = form.oneByOne?.sending, let value = form.changes[property] else { return [] }
        step = .profileEdit(form)
        pending = .savingProfile
        return [.saveProfile([property: value])]
    }

    /// One change sent alone answered: on to the next, or, after the last, the profile saved or the refused
    /// fields marked (what was allowed is saved by then; every typed value stays).
    private mutating func nextAlone(_ original: ProfileEditForm, after result: Result<ProfileSummary, GraphFailure>) -> [FlowEffect] {
        var form = original
        guard var save = form.oneByOne else { return [] }
        if case .failure = result { save.refused.append(save.sending) }
        if !save.remaining.isEmpty {
            save.sending = save.remaining.removeFirst()
            form.oneByOne = save
            return sendAlone(form)
        }
        form.oneByOne = nil
        if save.refused.isEmpty, case .success(let profile) = result {
            step = .profile(ProfileView(profile: profile, notice: Self.profileSaved))
        } else {
            form.markRefused(save.refused)
            step = .profileEdit(form)
        }
        return []
    }
}
