import EmailAddresses
import Foundation
import NativeAuthWire

/// The browser sign-in shared by the device page and `/authorize`: user code (device only), email, then
/// password (password accounts) or an emailed code (code-only accounts), then MFA where the policy asks (a
/// code to the user's first method allowed by `mfa.methods`; with no method and `mfa.registrationRequired`
/// the page refuses, since it does not register methods).
///
/// Contract: `advance(_:_:now:)` applies one page event to a flow and says what happened; it sends codes to the
/// outbox and writes the sign-in log, but never renders. `signInPage(_:handle:action:error:)` renders a flow's
/// current step. Callers (device page, authorize) turn `.signedIn` and `.cancelled` into their own answers.
/// Source: docs/protocol.md §I4.3, §I4.4; docs/protocol.md §N3.6 (MFA applies to password accounts).
extension TenantEmulator {
    /// The result of one page event.
    enum WebSignInOutcome {
        /// Show the flow's (possibly new) step, with a message when the input was refused.
        case show(error: String?)
        /// The user proved who they are.
        case signedIn(user: StoredUser, mfaSatisfied: Bool)
        /// The user pressed Cancel.
        case cancelled
    }

    /// How long a browser sign-in may take before its `flow` handle stops working (seconds).
    static let webSignInSeconds: TimeInterval = 900

    func advance(_ flow: WebSignInFlow, _ event: WebSignInEvent, now: Date) throws -> WebSignInOutcome {
        switch (flow.step, event) {
        case (_, .cancelled):
            return .cancelled
        case (.userCode, .userCodeEntered(let text)):
            let key = interactive.userCodes[InteractiveStore.normalizedUserCode(text)]
            guard let key, let record = interactive.deviceCodes[key] else {
                return .show(error: "That code didn't work. Check the code and try again.")
            }
            guard now < record.expiresAt else { return .show(error: "That code has expired. Ask your device for a new code.") }
            guard !record.isFinished else { return .show(error: "That code has already been used.") }
            flow.purpose = .device(deviceCodeKey: key)
            flow.step = .username
            return .show(error: nil)
        case (.username, .usernameEntered(let text)):
            let username = text.trimmingCharacters(in: .whitespaces)
            flow.username = username
            guard EmailAddress.isWellFormed(username) else { return .show(error: "Enter a valid email address.") }
            guard let user = try store.user(email: username) else {
                return .show(error: "We couldn't find an account with that email address.")
            }
            if user.hasPassword {
                flow.step = .password(userID: user.id)
            } else {
                flow.step = .emailCode(userID: user.id, code: issueCode(channel: "email", target: user.email, purpose: .signIn, now: now))
            }
            return .show(error: nil)
        case (.password(let userID), .passwordEntered(let password)):
            guard let user = try store.user(id: userID), let hash = user.passwordHash else { return restart(flow) }
            guard !password.isEmpty, hasher.verify(password, against: hash) else {
                try recordSignIn(user: user, clientID: flow.clientID(in: interactive), channel: flow.channel, failure: .invalidCredentials, now: now)
                return .show(error: "Your password is incorrect.")
            }
            if policy.mfa.required, let method = mfaMethods(of: user).first {
                flow.step = .mfaCode(userID: user.id, code: issueCode(channel: method.channel, target: method.target, purpose: .mfa, now: now))
                return .show(error: nil)
            }
            if policy.mfa.required, policy.mfa.registrationRequired {
                // The pages do not register methods (the native flow's registration_required); refusing keeps the
                // policy from being bypassed through the browser.
                flow.step = .username
                return .show(error: "Your account needs a verification method before you can sign in here. Sign in in the app to set one up.")
            }
            return .signedIn(user: user, mfaSatisfied: false)
        case (.emailCode(let userID, var code), .codeEntered(let entered)):
            guard check(entered.trimmingCharacters(in: .whitespaces), against: &code, now: now) else {
                try recordWebCodeFailure(flow, userID: userID, now: now)
                return wrongCode(flow, code, now: now, rebuild: { .emailCode(userID: userID, code: $0) })
            }
            guard let user = try store.user(id: userID) else { return restart(flow) }
            return .signedIn(user: user, mfaSatisfied: false)
        case (.mfaCode(let userID, var code), .codeEntered(let entered)):
            guard check(entered.trimmingCharacters(in: .whitespaces), against: &code, now: now) else {
                try recordWebCodeFailure(flow, userID: userID, now: now)
                return wrongCode(flow, code, now: now, rebuild: { .mfaCode(userID: userID, code: $0) })
            }
            guard let user = try store.user(id: userID) else { return restart(flow) }
            return .signedIn(user: user, mfaSatisfied: true)
        case (.userCode, .usernameEntered), (.userCode, .passwordEntered), (.userCode, .codeEntered),
             (.username, .userCodeEntered), (.username, .passwordEntered), (.username, .codeEntered),
             (.password, .userCodeEntered), (.password, .usernameEntered), (.password, .codeEntered),
             (.emailCode, .userCodeEntered), (.emailCode, .usernameEntered), (.emailCode, .passwordEntered),
             (.mfaCode, .userCodeEntered), (.mfaCode, .usernameEntered), (.mfaCode, .passwordEntered):
            // `WebSignInEvent(form:step:)` only builds the current step's event; anything else is a stale page.
            return .show(error: nil)
        }
    }

    /// Renders the flow's current step; `action` is the path the form posts to.
    func signInPage(_ flow: WebSignInFlow, handle: String, action: String, error: String?) -> HTMLPage {
        var form = HTMLPage.Form(action: action, hidden: [("flow", handle)], cancellable: true)
        var page = HTMLPage(title: "Sign in", heading: "Sign in", error: error)
        switch flow.step {
        case .userCode:
            page.heading = "Enter code"
            page.paragraphs = ["Enter the code displayed on your app or device."]
            form.fields = [.init(name: "user_code", label: "Code")]
            form.cancellable = false
        case .username:
            if case .device = flow.purpose { page.paragraphs = ["Sign in to continue on your device."] }
            form.fields = [.init(name: "username", label: "Email address", type: "email", autocomplete: "username", value: flow.username)]
        case .password:
            page.heading = "Enter password"
            page.paragraphs = [flow.username]
            form.fields = [.init(name: "password", label: "Password", type: "password", autocomplete: "current-password")]
            form.submitLabel = "Sign in"
        case .emailCode(_, let code):
            page.heading = "Enter code"
            page.paragraphs = ["We sent a code to \(EmailAddress.masked(code.target))."]
            form.fields = [.init(name: "code", label: "Code", autocomplete: "one-time-code")]
            form.submitLabel = "Sign in"
        case .mfaCode(_, let code):
            page.heading = "Verify your identity"
            page.paragraphs = ["We sent a code to \(code.channel == "sms" ? PhoneNumber.masked(code.target) : EmailAddress.masked(code.target))."]
            form.fields = [.init(name: "code", label: "Code", autocomplete: "one-time-code")]
            form.submitLabel = "Verify"
        }
        page.form = form
        return page
    }

    /// Starts a browser session for `user` and returns its `Set-Cookie` value (the cookie value is kept only hashed).
    func startBrowserSession(user: StoredUser, mfaSatisfied: Bool, secure: Bool, now: Date) -> String {
        let value = SecureRandom.token(byteCount: 32)
        interactive.sessions[SHA256Digest.hex(value)] = BrowserSession(
            userID: user.id, mfaSatisfied: mfaSatisfied, authTime: now,
            expiresAt: now.addingTimeInterval(TimeInterval(BrowserSessionCookie.lifetime)))
        return BrowserSessionCookie.set(value, secure: secure)
    }

    /// A refused code: the same step with the failure counted, or back to the email once the code is dead.
    private func wrongCode(_ flow: WebSignInFlow, _ code: PendingCode, now: Date, rebuild: (PendingCode) -> WebSignInStep) -> WebSignInOutcome {
        if !code.isUsable(at: now, maxAttempts: policy.otp.maxAttempts) {
            flow.step = .username
            return .show(error: "That code can no longer be used. Sign in again to get a new code.")
        }
        flow.step = rebuild(code)
        return .show(error: "That code didn't work. Check the code and try again.")
    }

    /// A wrong, dead or expired code typed on a page: a failed sign-in (the native API's 50181 wording).
    private func recordWebCodeFailure(_ flow: WebSignInFlow, userID: String, now: Date) throws {
        guard let user = try store.user(id: userID) else { return }
        try recordSignIn(user: user, clientID: flow.clientID(in: interactive), channel: flow.channel, failure: .wrongCode, now: now)
    }

    private func restart(_ flow: WebSignInFlow) -> WebSignInOutcome {
        flow.step = .username
        return .show(error: "We couldn't find an account with that email address.")
    }
}

extension WebSignInFlow {
    /// How the sign-in log labels this page sign-in: `Browser` for authorize, device code otherwise.
    var channel: SignInChannel {
        if case .authorize = purpose { .browser } else { .deviceCode }
    }

    /// The client the sign-in is for (the sign-in log's `client_id`); empty before a device code is known.
    func clientID(in store: InteractiveStore) -> String {
        switch purpose {
        case .authorize(let request): request.clientID
        case .device(let key): key.flatMap { store.deviceCodes[$0]?.clientID } ?? ""
        }
    }
}
