extension FlowStep {
    /// A step's name, spelled out once: what a scenario's `expect.step` matches and what its failures say
    /// (`expected the method picker, at codeEntry`). Not taken from the case by reflection, so renaming a case cannot
    /// silently rename a documented scenario key.
    public enum Name: String, Sendable, CaseIterable {
        case home, signInStart, signUpStart, resetStart, codeEntry, newPassword, attributes, methodPicker, contactEntry,
             resetPolling, resetDone, readyToSignIn, webFallback, signedIn, deviceCode, browserWait, signedOut, enrolled,
             enrolmentSignedIn, profile, profileEdit, historyUser, history, historyRow, tenant, failure
    }

    /// This step's ``Name``.
    public var name: Name {
        switch self {
        case .home: .home
        case .signInStart: .signInStart
        case .signUpStart: .signUpStart
        case .resetStart: .resetStart
        case .codeEntry: .codeEntry
        case .newPassword: .newPassword
        case .attributes: .attributes
        case .methodPicker: .methodPicker
        case .contactEntry: .contactEntry
        case .resetPolling: .resetPolling
        case .resetDone: .resetDone
        case .readyToSignIn: .readyToSignIn
        case .webFallback: .webFallback
        case .signedIn: .signedIn
        case .deviceCode: .deviceCode
        case .browserWait: .browserWait
        case .signedOut: .signedOut
        case .enrolled: .enrolled
        case .enrolmentSignedIn: .enrolmentSignedIn
        case .profile: .profile
        case .profileEdit: .profileEdit
        case .historyUser: .historyUser
        case .history: .history
        case .historyRow: .historyRow
        case .tenant: .tenant
        case .failure: .failure
        }
    }
}
