extension FlowState {
    /// Enter on the current step: a native-auth step's module checks locally and sends its request; the console's
    /// own screens go on.
    mutating func submit() -> [FlowEffect] {
        if let module = step.module { return module.submit(in: &self) }
        switch step {
        case .resetDone:
            origin?.signingIn = true
            step = .readyToSignIn
            pending = .signingIn
            return [.submit(.proceed)]
        case .readyToSignIn:
            // Reached again by "retry" after the sign-in that follows sign-up or reset failed.
            pending = .signingIn
            return [.submit(.proceed)]
        case .enrolled:
            step = .signUpStart(SignUpForm(settings: settings))
            return []
        case .failure(let report):
            if let retryStep = report.retryStep { step = retryStep }
            return []
        case .profileEdit(let form):
            return saveProfile(form)
        case .historyUser:
            return historyUserChosen()
        // The other screens send nothing on Enter; a module's step never gets here.
        case .home, .resetPolling, .webFallback, .signedIn, .deviceCode, .browserWait, .signedOut, .enrolmentSignedIn,
             .profile, .history, .historyRow, .tenant, .signInStart, .signUpStart, .resetStart, .codeEntry, .newPassword, .attributes, .methodPicker, .contactEntry:
            return []
        }
    }
}
