import Localization

/// Pieces several screens share, the native-auth steps' modules and the console's own screens alike.
extension FlowState {
    /// Back one step, or Cancel (the request in flight, else the flow).
    static var backAndCancel: [ScreenAction] { [ScreenAction(tr("action.back"), .backRequested), ScreenAction(tr("action.cancel"), .cancelRequested)] }

    /// Where the server says the account exists: its own ways in, each with the email kept (field case 014, docs/field-cases.md).
    static var accountExistsActions: [ScreenAction] {
        [ScreenAction(tr("action.signIn"), .otherFlowChosen(.signIn)), ScreenAction(tr("action.resetPassword"), .otherFlowChosen(.resetPassword))]
    }

    /// An attribute's field as drawn on sign-up, its attributes step and the profile edit.
    static func screenField(_ field: AttributeField) -> ScreenField {
        ScreenField(id: field.id, label: field.label, kind: field.kind, value: field.value, error: field.error,
                    note: field.note, required: field.attribute.required)
    }
}
