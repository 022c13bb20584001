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

    /// A native-auth step's module draws it; the console's own screens are drawn here.
    private var stepScreen: Screen {
        if let module = step.module { return module.screen(in: self) }
        return switch step {
        case .home: homeScreen
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
                   text: ["The account for \(email) was created. This console kept neither the account nor its "
                          + "tokens, so the next person starts clean."],
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
        default: preconditionFailure("\(step.name) has a module, which draws it.")
        }
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

    private func resetPollingScreen(_ poll: Int) -> Screen {
        Screen(
            title: "Changing your password",
            text: ["The service is applying your new password."],
            actions: Self.backAndCancel,
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
