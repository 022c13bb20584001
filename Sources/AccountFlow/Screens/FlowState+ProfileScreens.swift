import TophhieCloudAuthentication

extension FlowState {
    /// The profile: every property read, with its label; "not set" (null) and "not available" (not
    /// returned to this caller) are different things and read differently.
    func profileScreen(_ view: ProfileView) -> Screen {
        Screen(title: "Profile",
               text: ["Your profile as Microsoft Graph returns it."],
               details: view.profile.fields.map { ScreenDetail($0.label, Self.profileText($0.value)) },
               actions: [ScreenAction("Edit", .profileEditRequested), ScreenAction("Back", .backRequested),
                         ScreenAction("Home", .homeRequested)],
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
        var screen = Screen(title: "Edit profile",
                      text: ["Change the details you may change; only what you change is sent. Leave a field empty "
                             + "to clear it (the display name cannot be cleared)."],
                      details: form.readOnly.map { ScreenDetail($0.label, Self.profileText($0.value)) },
                      fields: fields,
                      actions: [ScreenAction("Save", .submitted), ScreenAction("Back", .backRequested)],
                      message: form.form.message,
                      notice: form.notice)
        screen.hasUnsavedChanges = !form.changes.isEmpty
        return screen
    }

    /// A property's value as shown: the value, "not set" or "not available".
    static func profileText(_ value: ProfileValue<String>) -> String {
        switch value {
        case .set(let text): text
        case .notSet: "not set"
        case .notAvailable: "not available"
        }
    }
}
