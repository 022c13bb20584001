/// Pieces several screens share, the native-auth steps' modules and the console's own screens alike.
extension FlowState {
    /// Back one step, or Cancel (the request in flight, else the flow).
    static let backAndCancel = [ScreenAction("Back", .backRequested), ScreenAction("Cancel", .cancelRequested)]

    /// Where the server says the account exists: its own ways in, each with the email kept (field case 014, docs/field-cases.md).
    static let accountExistsActions = [ScreenAction("Sign in", .otherFlowChosen(.signIn)),
                                       ScreenAction("Reset password", .otherFlowChosen(.resetPassword))]

    /// An attribute's field as drawn on sign-up, its attributes step and the profile edit.
    static func screenField(_ field: AttributeField) -> ScreenField {
        ScreenField(id: field.id, label: field.label, kind: field.kind, value: field.value, error: field.error,
                    note: field.note, required: field.attribute.required)
    }
}
