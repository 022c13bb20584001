import Foundation
import TophhieCloudAuthentication

extension FlowState {
    /// The screen for the current step, with the "working…" status while a request is in flight (how to
    /// cancel it is the front's to say: the full-screen presenter adds its key).
    public var screen: Screen {
        var screen = stepScreen
        if let pending {
            screen.status = pending.label
            screen.isWorking = true
        }
        screen.idleWarning = idleWarning
        // A notice, not a status: line mode shows it when the form is asked again after a held submit.
        if pending == nil, let remaining = serverWait?.remaining(at: now), remaining > 0 {
            screen.notice = Self.serverWaitNotice(remaining)
        }
        return screen
    }

    /// The notice while the server's Retry-After runs after Back (requests are held until it ends).
    static func serverWaitNotice(_ seconds: Int) -> String {
        "The server asked to wait: you can send again in \(seconds) s."
    }

    private var stepScreen: Screen {
        switch step {
        case .home: homeScreen
        case .signInStart(let form): signInScreen(form)
        case .signUpStart(let form): signUpScreen(form)
        case .resetStart(let form): resetStartScreen(form)
        case .codeEntry(let entry): codeScreen(entry)
        case .newPassword(let form): newPasswordScreen(form)
        case .attributes(let form): attributesScreen(form)
        case .methodPicker(let picker): pickerScreen(picker)
        case .contactEntry(let entry): contactScreen(entry)
        case .resetPolling(let poll): resetPollingScreen(poll)
        case .resetDone:
            Screen(title: "Password changed", text: ["Your new password is in force."],
                   actions: [ScreenAction("Sign in now", .submitted), ScreenAction("Home", .homeRequested)])
        case .readyToSignIn:
            Screen(title: "Sign in",
                   text: [origin?.kind == .resetPassword ? "Your new password is in force." : "Your account is ready."],
                   actions: [ScreenAction("Sign in", .submitted), ScreenAction("Home", .homeRequested)])
        case .webFallback(let fallback): webFallbackScreen(fallback)
        case .signedIn(let account, let showingClaims): accountScreen(account, showingClaims: showingClaims)
        case .deviceCode(let wait): deviceCodeScreen(wait)
        case .browserWait(let prompt): browserScreen(prompt)
        case .signedOut(let summary): signedOutScreen(summary)
        case .enrolled(let email):
            Screen(title: "Account created",
                   text: ["The account for \(email) was created. This console did not sign in with it and has "
                          + "forgotten it, so the next person starts clean."],
                   actions: [ScreenAction("Enrol another", .enrolAnotherRequested), ScreenAction("Home", .homeRequested)])
        case .enrolmentSignedIn(let email):
            Screen(title: "Signed in",
                   text: ["\(email) signed in. This console kept neither the account nor its tokens, so the next "
                          + "person starts clean."],
                   actions: [ScreenAction("Home", .homeRequested)])
        case .profile(let view): profileScreen(view)
        case .profileEdit(let form): profileEditScreen(form)
        case .historyUser(let form): historyUserScreen(form)
        case .history(let view): historyScreen(view)
        case .historyRow(let detail): historyRowScreen(detail.row)
        case .tenant(let view): tenantScreen(view)
        case .failure(let report): failureScreen(report)
        }
    }

    private var backAndCancel: [ScreenAction] {
        [ScreenAction("Back", .backRequested), ScreenAction("Cancel", .cancelRequested)]
    }

    /// Enrolment mode offers native sign-up and sign-in only: a support terminal signs nobody in with a
    /// browser session or a device code that could outlive the person at it. It starts on Sign up, what
    /// most people at it come for.
    private var homeScreen: Screen {
        var items: [(String, MenuItem)] = [("Sign in", .signIn)]
        if !settings.enrolmentMode {
            let browser = ("Sign in with browser", MenuItem.browserSignIn), deviceCode = ("Sign in with a device code", MenuItem.deviceCodeSignIn)
            // No browser here (SSH, no display): the device code, which works from a phone, is offered first.
            items += settings.browserAbsence == nil ? [browser, deviceCode] : [deviceCode, browser]
        }
        items += [("Sign up", .signUp), ("Reset password", .resetPassword)]
        if let signedIn { items.append(("Account (\(signedIn.username ?? "signed in"))", .account)) }
        items.append(("Quit", .quit))
        var screen = Screen(title: "Tophhie Account Console",
                            options: items.map { ScreenOption(label: $0.0, event: .menuChosen($0.1)) },
                            selectedOption: settings.enrolmentMode ? items.firstIndex { $0.1 == .signUp } : nil, notice: homeNotice)
        screen.optionStyle = .menu
        return screen
    }

    private func signInScreen(_ form: SignInForm) -> Screen {
        // Once the server has said this account needs its password, a code is no way in: don't offer one.
        let codeOffered = !form.passwordRequired
        var screen = Screen(
            title: "Sign in",
            text: [codeOffered ? "Enter your email. Add your password, or leave it empty to get a one-time code."
                               : "Enter your email and password."],
            fields: [
                ScreenField(id: .email, label: "Email", kind: .email, value: form.email, error: form.emailError),
                ScreenField(id: .password, label: "Password", kind: .secret, value: form.password, error: form.passwordError,
                            required: form.passwordRequired),
            ],
            actions: [ScreenAction("Sign in", .submitted)]
                + (codeOffered ? [ScreenAction("Use a one-time code instead", .useCodeInstead)] : [])
                + backAndCancel,
            message: form.message)
        // The server's answer asks for the password: the cursor goes where it is to be typed.
        if form.passwordRequired { screen.focusField = .password }
        return screen
    }

    private func signUpScreen(_ form: SignUpForm) -> Screen {
        var fields = [ScreenField(id: .email, label: "Email", kind: .email, value: form.email, error: form.emailError)]
        if settings.passwordAccounts {
            fields.append(ScreenField(id: .password, label: "Password", kind: .secret, value: form.password,
                                      error: form.passwordError, note: settings.passwordPolicyHint))
            fields.append(ScreenField(id: .confirmPassword, label: "Confirm password", kind: .secret,
                                      value: form.confirmPassword, error: form.confirmError))
        }
        fields += form.attributes.fields.map(Self.screenField)
        return Screen(
            title: "Sign up",
            text: ["We'll send a one-time code to your email to check it is yours."],
            fields: fields,
            actions: [ScreenAction("Create account", .submitted)] + (form.accountExists ? Self.accountExistsActions : [])
                + backAndCancel,
            message: form.message ?? form.attributes.message)
    }

    /// Where the server says the account exists: its own ways in, each with the email kept (field case 014, docs/field-cases.md).
    static let accountExistsActions = [ScreenAction("Sign in", .otherFlowChosen(.signIn)),
                                       ScreenAction("Reset password", .otherFlowChosen(.resetPassword))]

    private func resetStartScreen(_ form: EmailForm) -> Screen {
        Screen(
            title: "Reset password",
            text: ["Enter the email of your account. We'll send a one-time code to it."],
            fields: [ScreenField(id: .email, label: "Email", kind: .email, value: form.email, error: form.emailError)],
            actions: [ScreenAction("Send code", .submitted)] + backAndCancel,
            message: form.message)
    }

    private func codeScreen(_ entry: CodeEntry) -> Screen {
        let remaining = entry.resend.remaining(at: now)
        let channel = entry.delivery.channel == .email ? "email" : "text message"
        let title = switch entry.purpose {
        case .signUp: "Check your email"
        case .signIn: "Enter your sign-in code"
        case .mfa: "Verify it's you"
        case .registration: "Confirm your new method"
        case .resetPassword: "Enter your reset code"
        }
        return Screen(
            title: title,
            text: ["We sent \(Self.article(for: entry.delivery.codeLength)) \(entry.delivery.codeLength)-digit code by \(channel) to \(entry.delivery.sentTo)."],
            fields: [ScreenField(id: .code, label: "Code", kind: .code(length: entry.delivery.codeLength),
                                 value: entry.code, error: Self.codeAdvice(entry.codeError, resendIn: remaining))],
            actions: [
                ScreenAction("Verify", .submitted),
                ScreenAction(remaining > 0 ? "Resend code (in \(remaining) s)" : "Resend code", .resendRequested,
                             enabled: remaining == 0),
            ] + backAndCancel,
            notice: entry.notice)
    }

    /// The code field's message, agreeing with the actions offered: the advice to send a new code is given
    /// only while "Resend code" is offered; during its countdown the advice says when it will be.
    static func codeAdvice(_ codeError: String?, resendIn remaining: Int) -> String? {
        guard codeError == wrongCodeRepeatedly, remaining > 0 else { return codeError }
        return "That code isn't right. After several wrong tries a code can stop working: if you are sure of it, "
            + "start again, or wait \(remaining) s to ask for a new code."
    }

    /// "an 8-digit code", "a 6-digit code": numbers read aloud starting with a vowel sound take "an".
    static func article(for number: Int) -> String {
        let digits = String(number)
        return digits.hasPrefix("8") || number == 11 || number == 18 ? "an" : "a"
    }

    private func newPasswordScreen(_ form: NewPasswordForm) -> Screen {
        Screen(
            title: form.purpose == .signUp ? "Choose a password" : "Choose a new password",
            text: ["Enter the password twice."],
            fields: [
                ScreenField(id: .password, label: "New password", kind: .secret, value: form.password,
                            error: form.passwordError, note: settings.passwordPolicyHint),
                ScreenField(id: .confirmPassword, label: "Confirm password", kind: .secret, value: form.confirmPassword,
                            error: form.confirmError),
            ],
            actions: [ScreenAction("Set password", .submitted)] + backAndCancel)
    }

    private func attributesScreen(_ form: AttributeForm) -> Screen {
        let anyOptional = form.fields.contains { !$0.attribute.required }
        return Screen(
            title: "A few more details",
            text: ["Your organisation asks for these details."
                   + (anyOptional ? " Fields marked (optional) may be left empty." : "")],
            fields: form.fields.map(Self.screenField),
            actions: [ScreenAction("Continue", .submitted)] + backAndCancel,
            message: form.message)
    }

    static func screenField(_ field: AttributeField) -> ScreenField {
        ScreenField(id: field.id, label: field.label, kind: field.kind, value: field.value, error: field.error,
                    note: field.note, required: field.attribute.required)
    }

    private func pickerScreen(_ picker: MethodPicker) -> Screen {
        let options = picker.methods.map { method in
            let blocked = picker.blocked.contains(method.id)
            return ScreenOption(
                label: MethodDescription.channelName(method.channel),
                detail: method.loginHint,
                note: blocked ? "Blocked right now" : nil,
                enabled: !blocked,
                event: .methodPicked(id: method.id))
        }
        let intro = picker.purpose == .mfa
            ? "Your organisation asks for a second check. Choose where to send a code."
            : "Your organisation asks you to add a way to verify it's you. Choose one."
        return Screen(
            title: picker.purpose == .mfa ? "Verify it's you" : "Add a verification method",
            text: [intro] + (picker.methods.isEmpty ? [] : [MethodDescription.codesNote]),
            options: options,
            actions: backAndCancel,
            message: picker.message)
    }

    private func contactScreen(_ entry: ContactEntry) -> Screen {
        var fields: [ScreenField] = []
        if entry.isPhone {
            // The number as it will be sent, so a dropped trunk `0` or a country code added is seen first (field case 012, docs/field-cases.md).
            let sent = try? PhoneNumber.normalise(entry.contact, countryCode: entry.countryCode)
            fields.append(ScreenField(id: .contact, label: "Phone number", kind: .phone, value: entry.contact,
                                      error: entry.contactError,
                                      note: sent.map { "Will be sent as \($0)." } ?? "With + and the country code, or a national number."))
            fields.append(ScreenField(id: .countryCode, label: "Country code", kind: .number, value: entry.countryCode,
                                      note: "Used for numbers typed without + (e.g. 44).", required: false))
        } else {
            fields.append(ScreenField(id: .contact, label: "Email", kind: .email, value: entry.contact,
                                      error: entry.contactError))
        }
        return Screen(
            title: entry.isPhone ? "Add a phone number" : "Add an email address",
            text: ["We'll send a code to check it."],
            fields: fields,
            actions: [ScreenAction("Send code", .submitted)] + backAndCancel)
    }

    private func resetPollingScreen(_ poll: Int) -> Screen {
        Screen(
            title: "Changing your password",
            text: ["The service is applying your new password."],
            actions: backAndCancel,
            notice: poll > 0 ? "Checking… (check \(poll) of \(ResetPasswordNewPasswordStep.maxPolls))" : nil)
    }

    private func webFallbackScreen(_ fallback: WebFallback) -> Screen {
        var text = ["The tenant wants this \(flowName) to finish in a web browser."]
        if let reason = fallback.reason { text.append("The server said: “\(reason)”") }
        if !settings.enrolmentMode {
            let why = RedirectExplanation(fallback, flow: origin?.kind, passwordAccounts: settings.passwordAccounts)
            text += ["Why: \(why.cause)", "Fix: \(why.fix)"]
        }
        var details = [
            ScreenDetail("Challenge types sent", fallback.sentChallengeTypes.map(\.wireValue).joined(separator: " ")),
            ScreenDetail("Capabilities sent", fallback.sentCapabilities.isEmpty
                ? "none" : fallback.sentCapabilities.map(\.wireValue).joined(separator: " ")),
        ]
        if !fallback.missingChallengeTypes.isEmpty {
            details.append(ScreenDetail("Challenge types not sent",
                                        fallback.missingChallengeTypes.map(\.wireValue).joined(separator: " ")))
        }
        if !fallback.missingCapabilities.isEmpty {
            details.append(ScreenDetail("Capabilities not sent",
                                        fallback.missingCapabilities.map(\.wireValue).joined(separator: " ")))
        }
        text.append(settings.enrolmentMode
            ? "The way out: ask the operator to send the missing challenge types or capabilities."
            : "The way out: choose “Sign in with browser” or “Sign in with a device code” on the home menu. Or ask "
                + "the operator to send the missing challenge types or capabilities.")
        return Screen(title: "A browser is needed", text: text, details: details,
                      actions: [ScreenAction("Start again", .restartRequested), ScreenAction("Home", .homeRequested)])
    }

    /// The flow in progress as the user knows it: "sign-up", "sign-in" (also the one that follows a
    /// finished sign-up or reset), "password reset".
    private var flowName: String {
        guard let origin, !origin.signingIn else { return "sign-in" }
        switch origin.kind {
        case .signIn: return "sign-in"
        case .signUp: return "sign-up"
        case .resetPassword: return "password reset"
        }
    }

    private func failureScreen(_ report: FailureReport) -> Screen {
        var actions: [ScreenAction] = []
        if report.retryStep != nil {
            // A throttled request may be repeated only when the server's Retry-After has passed.
            let remaining = report.retryWait?.remaining(at: now) ?? 0
            actions.append(ScreenAction(remaining > 0 ? "Try again (in \(remaining) s)" : "Try again", .retryRequested,
                                        enabled: remaining == 0))
        }
        if report.accountExists { actions += Self.accountExistsActions }
        // The reset starts with the email filled in, as the sign-in that met 50142 had it.
        if report.suggestsPasswordReset { actions.append(ScreenAction("Reset password", .otherFlowChosen(.resetPassword))) }
        if let way = report.newAttempt {
            actions.append(ScreenAction(way == .deviceCodeSignIn ? "Get a new code" : "Try again", .menuChosen(way)))
        }
        if origin != nil { actions.append(ScreenAction("Start again", .restartRequested)) }
        actions.append(ScreenAction("Home", .homeRequested))
        return Screen(title: "Something went wrong", text: [report.message],
                      details: report.detail.map { [ScreenDetail("Details", $0)] } ?? [], actions: actions)
    }
}
