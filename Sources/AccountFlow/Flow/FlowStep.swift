/// The step the console is at: each case carries exactly what its screen needs.
///
/// This file is where a step is registered: its case here, its module in ``module`` (a native-auth step), and its
/// name in ``Name``.
public enum FlowStep: Sendable, Equatable {
    /// The home menu.
    case home
    /// Email and an optional password; an empty password asks for a one-time code.
    case signInStart(SignInForm)
    /// Email, the password for password accounts, and the up-front attributes.
    case signUpStart(SignUpForm)
    /// The email of the account whose password is reset.
    case resetStart(EmailForm)
    /// A one-time code was sent; its ``CodePurpose`` says for which flow and step.
    case codeEntry(CodeEntry)
    /// Sign-up's `credential_required` step, or the reset's new password.
    case newPassword(NewPasswordForm)
    /// Sign-up's `attributes_required` step.
    case attributes(AttributeForm)
    /// The user's MFA methods (`mfa_required`) or the tenant's registrable ones (`registration_required`).
    /// Source: docs/protocol.md §N3.6 step A, §N3.7 step A.
    case methodPicker(MethodPicker)
    /// The email or phone number to register for the picked method (docs/protocol.md §N3.7 step B).
    case contactEntry(ContactEntry)
    /// The new password was sent; the service is applying it (poll number, 0 before the first poll).
    case resetPolling(poll: Int)
    /// The password was changed; signing in with it is offered.
    case resetDone
    /// Sign-up or reset finished; signing in with its continuation token is in flight, or offered again
    /// after that sign-in failed or was cancelled.
    case readyToSignIn
    /// The server answered `challenge_type=redirect`; the flow is dropped (docs/protocol.md §N1.6).
    case webFallback(WebFallback)
    /// The account screen: a completed sign-in's summary, never its tokens; the id-token claims are listed
    /// only while `showingClaims` ("Show claims").
    case signedIn(SignedInAccount, showingClaims: Bool = false)
    /// A device-code sign-in waits for the user on another device (the request stays in flight).
    case deviceCode(DeviceCodeWait)
    /// A browser sign-in waits for the browser to return to the loopback listener (the request stays in flight).
    case browserWait(BrowserPrompt)
    /// The account was signed out of the console; the way to end the browser session too, when known.
    case signedOut(SignOutSummary)
    /// Enrolment mode: the account for `email` was created and forgotten.
    case enrolled(email: String)
    /// Enrolment mode: `email` signed in (after every check the tenant asked for, a method registration
    /// included); the account and its tokens were forgotten.
    case enrolmentSignedIn(email: String)
    /// The signed-in user's profile (Graph `/me`), read-only, with Edit.
    case profile(ProfileView)
    /// The profile's self-writable properties as a form; Save sends only the changes.
    case profileEdit(ProfileEditForm)
    /// Whose sign-in history to read, before the list.
    case historyUser(HistoryUserForm)
    /// The sign-in history list (rows so far, filter, throttling countdown, last failure).
    case history(HistoryView)
    /// One sign-in in full; Back returns to the list as it was.
    case historyRow(HistoryRowDetail)
    /// The tenant's snapshot summary (an operator's Graph read), with Save.
    case tenant(TenantView)
    /// An error that belongs to no field, with the ways back.
    indirect case failure(FailureReport)
}

extension FlowStep {
    /// A flow ended well here: signed in, enrolled, signed out, or the password changed.
    public var isCompletion: Bool { name.role.contains(.completion) }

    /// A flow ended badly here: a failure, or the web fallback (the flow cannot go on natively).
    public var isFailure: Bool { name.role.contains(.failure) }

    /// Enrolment mode: the person at the terminal is done (home, or enrolled or signed in and forgotten),
    /// so whatever the console shows of them must go before the next one.
    public var isBetweenPeople: Bool { name.role.contains(.betweenPeople) }
}

extension FlowStep {
    /// The module of a native-auth step; nil for the console's own screens (account, Graph, interactive sign-in,
    /// failure, and the steps between a reset or sign-up and its sign-in). The one registration point.
    var module: (any StepModule)? {
        switch self {
        case .signInStart(let form): form
        case .signUpStart(let form): form
        case .resetStart(let form): form
        case .codeEntry(let entry): entry
        case .newPassword(let form): form
        case .attributes(let form): form
        case .methodPicker(let picker): picker
        case .contactEntry(let entry): entry
        case .home, .resetPolling, .resetDone, .readyToSignIn, .webFallback, .signedIn, .deviceCode, .browserWait,
             .signedOut, .enrolled, .enrolmentSignedIn, .profile, .profileEdit, .historyUser, .history, .historyRow,
             .tenant, .failure:
            nil
        }
    }
}

extension FlowStep {
    /// A step's name, spelled out once: what a scenario's `expect.step` matches and what its failures say
    /// (`expected the method picker, at codeEntry`). Not taken from the case by reflection, so renaming a case cannot
    /// silently rename a documented scenario key.
    public enum Name: String, Sendable, CaseIterable {
        case home, signInStart, signUpStart, resetStart, codeEntry, newPassword, attributes, methodPicker, contactEntry,
             resetPolling, resetDone, readyToSignIn, webFallback, signedIn, deviceCode, browserWait, signedOut, enrolled,
             enrolmentSignedIn, profile, profileEdit, historyUser, history, historyRow, tenant, failure
    }

    /// This step's ``Name``: the case's own name, which ``Name`` spells out as the documented vocabulary (a renamed
    /// case without its name renamed traps here, at the first test that reaches the step).
    public var name: Name {
        let label = Mirror(reflecting: self).children.first?.label ?? String(describing: self)
        guard let name = Name(rawValue: label) else { preconditionFailure("FlowStep.\(label) has no FlowStep.Name") }
        return name
    }
}

extension FlowStep.Name {
    /// What a step is to a flow (ends it well or badly), to the enrolment desk (the person is done) and to a scenario
    /// (a step its flows reach, which `expect.step` may name; not the operator's and enrolment screens).
    public struct Role: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let completion = Role(rawValue: 1), failure = Role(rawValue: 2), betweenPeople = Role(rawValue: 4),
                          scenario = Role(rawValue: 8)
    }

    /// Each step's role, one line per kind of step.
    public var role: Role {
        switch self {
        case .home: [.betweenPeople, .scenario]
        case .signInStart, .signUpStart, .resetStart, .codeEntry, .newPassword, .attributes, .methodPicker, .contactEntry,
             .resetPolling, .readyToSignIn, .deviceCode, .browserWait: .scenario
        case .resetDone, .signedIn, .signedOut: [.completion, .scenario]
        case .enrolled, .enrolmentSignedIn: [.completion, .betweenPeople]
        case .webFallback, .failure: [.failure, .scenario]
        case .profile, .profileEdit, .historyUser, .history, .historyRow, .tenant: []
        }
    }
}
