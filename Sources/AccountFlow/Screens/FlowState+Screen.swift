import Localization
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
        tr("wait.server", ["seconds": seconds])
    }

    /// A native-auth step's module draws it; the console's own screens are drawn here.
    private var stepScreen: Screen {
        if let module = step.module { return module.screen(in: self) }
        return switch step {
        case .home: homeScreen
        case .resetPolling(let poll): resetPollingScreen(poll)
        case .resetDone:
            Screen(title: tr("resetDone.title"), text: [tr("password.inForce")],
                   actions: [ScreenAction(tr("action.signInNow"), .submitted), ScreenAction(tr("action.home"), .homeRequested)])
        case .readyToSignIn:
            Screen(title: tr("signIn.title"),
                   text: [origin?.kind == .resetPassword ? tr("password.inForce") : tr("readyToSignIn.accountReady")],
                   actions: [ScreenAction(tr("action.signIn"), .submitted), ScreenAction(tr("action.home"), .homeRequested)])
        case .webFallback(let fallback): webFallbackScreen(fallback)
        case .signedIn(let account, let showingClaims): accountScreen(account, showingClaims: showingClaims)
        case .deviceCode(let wait): deviceCodeScreen(wait)
        case .browserWait(let prompt): browserScreen(prompt)
        case .signedOut(let summary): signedOutScreen(summary)
        case .enrolled(let email):
            Screen(title: tr("enrolled.title"), text: [tr("enrolled.text", ["email": email])],
                   actions: [ScreenAction(tr("action.enrolAnother"), .enrolAnotherRequested), ScreenAction(tr("action.home"), .homeRequested)])
        case .enrolmentSignedIn(let email):
            Screen(title: tr("enrolmentSignedIn.title"), text: [tr("enrolmentSignedIn.text", ["email": email])],
                   actions: [ScreenAction(tr("action.home"), .homeRequested)])
        case .profile(let view): profileScreen(view)
        case .profileEdit(let form): profileEditScreen(form)
        case .historyUser(let form): historyUserScreen(form)
        case .history(let view): historyScreen(view)
        case .historyRow(let detail): historyRowScreen(detail.row)
        case .tenant(let view): tenantScreen(view)
        case .failure(let report): failureScreen(report)
        case .signInStart, .signUpStart, .resetStart, .codeEntry, .newPassword, .attributes, .methodPicker, .contactEntry:
            preconditionFailure("\(step.name) has a module, which draws it.")
        }
    }

    /// Enrolment mode offers native sign-up and sign-in only: a support terminal signs nobody in with a
    /// browser session or a device code that could outlive the person at it. It starts on Sign up, what
    /// most people at it come for.
    private var homeScreen: Screen {
        var items: [(String, MenuItem)] = [(tr("home.signIn"), .signIn)]
        if !settings.enrolmentMode {
            let browser = (tr("home.browserSignIn"), MenuItem.browserSignIn), deviceCode = (tr("home.deviceCodeSignIn"), MenuItem.deviceCodeSignIn)
            // No browser here (SSH, no display): the device code, which works from a phone, is offered first.
            items += settings.browserAbsence == nil ? [browser, deviceCode] : [deviceCode, browser]
        }
        items += [(tr("home.signUp"), .signUp), (tr("home.resetPassword"), .resetPassword)]
        if let signedIn { items.append((signedIn.username.map { tr("home.account", ["username": $0]) } ?? tr("home.account.unnamed"), .account)) }
        items.append((tr("home.quit"), .quit))
        var screen = Screen(title: tr("home.title"),
                            options: items.map { ScreenOption(label: $0.0, event: .menuChosen($0.1)) },
                            selectedOption: settings.enrolmentMode ? items.firstIndex { $0.1 == .signUp } : nil, notice: homeNotice)
        screen.optionStyle = .menu
        screen.goesBack = false
        return screen
    }

    private func resetPollingScreen(_ poll: Int) -> Screen {
        Screen(
            title: tr("resetPolling.title"),
            text: [tr("resetPolling.text")],
            actions: Self.backAndCancel,
            notice: poll > 0 ? tr("resetPolling.check", ["poll": poll, "polls": ResetPasswordNewPasswordStep.maxPolls]) : nil)
    }

    private func webFallbackScreen(_ fallback: WebFallback) -> Screen {
        var text = [tr("webFallback.text", ["flow": flowName])]
        if let reason = fallback.reason { text.append(tr("webFallback.reason", ["reason": reason])) }
        if !settings.enrolmentMode {
            let why = RedirectExplanation(fallback, flow: origin?.kind, passwordAccounts: settings.passwordAccounts)
            text += [tr("webFallback.why", ["cause": why.cause]), tr("webFallback.fix", ["fix": why.fix])]
        }
        var details = [
            ScreenDetail(tr("webFallback.challengeTypesSent"), fallback.sentChallengeTypes.map(\.wireValue).joined(separator: " ")),
            ScreenDetail(tr("webFallback.capabilitiesSent"), fallback.sentCapabilities.isEmpty
                ? tr("webFallback.none") : fallback.sentCapabilities.map(\.wireValue).joined(separator: " ")),
        ]
        if !fallback.missingChallengeTypes.isEmpty {
            details.append(ScreenDetail(tr("webFallback.challengeTypesNotSent"),
                                        fallback.missingChallengeTypes.map(\.wireValue).joined(separator: " ")))
        }
        if !fallback.missingCapabilities.isEmpty {
            details.append(ScreenDetail(tr("webFallback.capabilitiesNotSent"),
                                        fallback.missingCapabilities.map(\.wireValue).joined(separator: " ")))
        }
        // Asking the operator for what the app did not send helps only when something is missing (not after a fault
        // injected once, or for what the native API cannot do).
        let missing = !fallback.missingChallengeTypes.isEmpty || !fallback.missingCapabilities.isEmpty
        if !settings.enrolmentMode {
            text.append(tr("webFallback.wayOut", ["browser": tr("home.browserSignIn"), "deviceCode": tr("home.deviceCodeSignIn"),
                                                  "missing": missing ? "yes" : "no"]))
        } else if missing {
            text.append(tr("webFallback.wayOut.enrolment"))
        }
        return Screen(title: tr("webFallback.title"), text: text, details: details,
                      actions: [ScreenAction(tr("action.startAgain"), .restartRequested), ScreenAction(tr("action.home"), .homeRequested)])
    }

    /// The flow in progress as the user knows it, as `webFallback.text`'s select key: "signUp", "signIn" (also the one
    /// that follows a finished sign-up or reset), "reset".
    private var flowName: String {
        guard let origin, !origin.signingIn else { return "signIn" }
        switch origin.kind {
        case .signIn: return "signIn"
        case .signUp: return "signUp"
        case .resetPassword: return "reset"
        }
    }

    private func failureScreen(_ report: FailureReport) -> Screen {
        var actions: [ScreenAction] = []
        if report.retryStep != nil {
            // A throttled request may be repeated only when the server's Retry-After has passed.
            let remaining = report.retryWait?.remaining(at: now) ?? 0
            actions.append(ScreenAction(remaining > 0 ? tr("action.tryAgainIn", ["seconds": remaining]) : tr("action.tryAgain"), .retryRequested,
                                        enabled: remaining == 0))
        }
        if report.accountExists { actions += Self.accountExistsActions }
        // The reset starts with the email filled in, as the sign-in that met 50142 had it.
        if report.suggestsPasswordReset { actions.append(ScreenAction(tr("action.resetPassword"), .otherFlowChosen(.resetPassword))) }
        if let way = report.newAttempt {
            actions.append(ScreenAction(way == .deviceCodeSignIn ? tr("action.getNewCode") : tr("action.tryAgain"), .menuChosen(way)))
        }
        if origin != nil { actions.append(ScreenAction(tr("action.startAgain"), .restartRequested)) }
        actions.append(ScreenAction(tr("action.home"), .homeRequested))
        return Screen(title: tr("failure.title"), text: [report.message],
                      details: report.detail.map { [ScreenDetail(tr("failure.details"), $0)] } ?? [], actions: actions)
    }
}
