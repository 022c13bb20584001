import Localization
import TophhieCloudAuthentication

extension FlowState {
    /// The profile: every property read, with its label; "not set" (null) and "not available" (not
    /// returned to this caller) are different things and read differently.
    func profileScreen(_ view: ProfileView) -> Screen {
        Screen(title: tr("profile.title"), text: [tr("profile.text")],
               details: view.profile.fields.map { ScreenDetail($0.label, Self.profileText($0.value)) },
               actions: [ScreenAction(tr("action.edit"), .profileEditRequested), ScreenAction(tr("action.back"), .backRequested),
                         ScreenAction(tr("action.home"), .homeRequested)],
               notice: view.notice)
    }

    /// The edit form: the self-writable properties as fields (refused ones marked in place), the others
    /// read-only above them.
    func profileEditScreen(_ form: ProfileEditForm) -> Screen {
        let fields = form.form.fields.map { field in
            var screenField = Self.screenField(field)
            if let property = ProfileProperty(rawValue: field.attribute.name), form.refused.contains(property) {
                screenField.error = screenField.error ?? ProfileEditForm.refusedMessage
            }
            return screenField
        }
        var screen = Screen(title: tr("profileEdit.title"), text: [tr("profileEdit.text")],
                      details: form.readOnly.map { ScreenDetail($0.label, Self.profileText($0.value)) },
                      fields: fields,
                      actions: [ScreenAction(tr("action.save"), .submitted), ScreenAction(tr("action.back"), .backRequested)],
                      message: form.form.message,
                      notice: form.notice)
        screen.hasUnsavedChanges = !form.changes.isEmpty
        return screen
    }

    /// A property's value as shown: the value, "not set" or "not available".
    static func profileText(_ value: ProfileValue<String>) -> String {
        switch value {
        case .set(let text): text
        case .notSet: tr("profile.notSet")
        case .notAvailable: tr("profile.notAvailable")
        }
    }
}
