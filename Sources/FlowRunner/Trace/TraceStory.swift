import AccountFlow
import Foundation
import NativeAuthWire
import TerminalUI
import TophhieCloudAuthentication

/// The trace told as a story, as lazygit's command log tells git's: exchanges grouped under the user action
/// that caused them ("Sign in as j***@c*****o.com → initiate, challenge, token 400 mfa_required, introspect"),
/// each with a one-line reason ("the tenant asks for a second factor"). No secret is named: usernames are
/// masked as the service masks `challenge_target_label`, and everything else comes from the redacted exchange.
package enum TraceStory {
    /// One thing the user did: its name, and a serial number, so the same action twice makes two groups.
    package struct Action: Hashable, Sendable {
        var serial: Int
        package var name: String
    }

    /// One user action and the exchanges it caused, oldest first.
    package struct Group {
        /// What the user did, e.g. `"Sign in as j***@c*****o.com"`.
        var action: String
        package var exchanges: [ObservedExchange]

        /// `"Sign in as j***@c*****o.com → initiate, challenge, token 400 mfa_required"`; a step repeated in a
        /// row is named once with its count (`"token 400 authorization_pending ×12"`, a device-code poll).
        package var heading: String {
            var steps: [(name: String, count: Int)] = []
            for name in exchanges.map(TraceStory.stepName) {
                if steps.last?.name == name { steps[steps.count - 1].count += 1 } else { steps.append((name, 1)) }
            }
            return action + " → " + steps.map { $0.count > 1 ? "\($0.name) ×\($0.count)" : $0.name }.joined(separator: ", ")
        }
    }

    /// The name of exchanges made before the user did anything (the start-up restore from the token cache).
    package static let startUp = "Console start-up"

    /// The user action `event` starts, named after the requests it sends (`effects`); nil for an event that is
    /// not the user's (an answer, a tick) or that sends nothing.
    static func action(for event: FlowEvent, effects: [FlowEffect]) -> String? {
        guard isUsers(event) else { return nil }
        return effects.lazy.compactMap(name).first
    }

    /// Whether the user sent `event` (a key's meaning), not the runner or the clock. No `default`: a new event
    /// must say which it is, or an answer that sends a follow-up request would start a story of its own.
    static func isUsers(_ event: FlowEvent) -> Bool {
        switch event {
        case .menuChosen, .fieldEdited, .fieldLeft, .submitted, .methodPicked, .useCodeInstead, .resendRequested, .backRequested,
             .cancelRequested, .retryRequested, .restartRequested, .otherFlowChosen, .homeRequested, .enrolAnotherRequested,
             .refreshRequested, .claimsToggled, .signOutRequested, .switchAccountRequested, .profileRequested, .profileEditRequested,
             .historyRequested, .historyUserChosen, .historyMoreRequested, .historyFilterChanged, .historyRowOpened, .tenantRequested,
             .tenantSaveRequested:
            true
        case .tick, .keyPressed, .resized, .accountRestored, .signUpStarted, .signUpAdvanced, .signInAdvanced, .mfaChallengeAnswered,
             .registrationAnswered, .codeResent, .resetStarted, .resetAdvanced, .tokensRefreshed, .resetPollProgress, .deviceCodeIssued,
             .deviceCodeProgress, .browserSignInStarted, .interactiveSignInFinished, .signedOut, .accountSwitched, .profileLoaded,
             .profileSaved, .historyLoaded, .historyWaiting, .tenantLoaded, .tenantSaved:
            false
        }
    }

    /// What a request effect does, in the user's words; nil for one that sends nothing (cancel, forget, quit).
    static func name(_ effect: FlowEffect) -> String? {
        switch effect {
        case .startSignUp(let email, _, _): "Sign up as \(masked(email))"
        case .startSignIn(let email, let password): "Sign in as \(masked(email))" + (password == nil ? " with a code" : "")
        case .submit(let input): name(input)
        case .pickMethod: "Choose a second factor"
        case .resendCode: "Resend the code"
        case .startPasswordReset(let email): "Reset the password of \(masked(email))"
        case .refreshTokens: "Refresh the tokens"
        case .startDeviceCodeSignIn: "Sign in with a device code"
        case .startBrowserSignIn: "Sign in with the browser"
        case .signOut: "Sign out"
        case .switchAccount: "Switch account"
        case .loadProfile: "Read the profile"
        case .saveProfile: "Save the profile"
        case .loadHistory: "Read the sign-in history"
        case .loadMoreHistory: "Read more sign-in history"
        case .loadTenant: "Read the tenant snapshot"
        case .saveTenant, .cancelRequest, .forgetSession, .forgetAccount, .forgetPerson, .quit: nil
        }
    }

    /// What submitting `input` to the live step does, in the user's words.
    private static func name(_ input: StepInput) -> String {
        switch input {
        case .code: "Enter the code"
        case .password: "Choose the password"
        case .attributes: "Enter the details"
        case .contact: "Register a method"
        case .proceed: "Continue"
        }
    }

    /// `jane.doe@contoso.com` → `j***@c*****o.com`, the shape of the service's `challenge_target_label`; printable.
    static func masked(_ email: String) -> String { PrintableText.make(MaskedEmail.label(email)) }

    /// Consecutive exchanges of one action, in order; `action` gives an exchange's action (nil: before any).
    static func groups(_ exchanges: [ObservedExchange], action: (ObservedExchange) -> Action?) -> [Group] {
        var groups: [Group] = []
        var last: Action??
        for exchange in exchanges {
            let current = action(exchange)
            if let previous = last, previous == current {
                groups[groups.count - 1].exchanges.append(exchange)
            } else {
                groups.append(Group(action: current?.name ?? startUp, exchanges: [exchange]))
            }
            last = .some(current)
        }
        return groups
    }

    package static func isError(_ exchange: ObservedExchange) -> Bool {
        exchange.status.map { $0 >= 400 } ?? true || exchange.error != nil
    }

    package static func path(of exchange: ObservedExchange) -> String { exchange.endpoint?.path ?? exchange.url.path }

    /// `"token 400 mfa_required"`: the endpoint's last path word, and for a failure its status and
    /// suberror (else error).
    static func stepName(_ exchange: ObservedExchange) -> String {
        let path = path(of: exchange)
        let word = path.split(separator: "/").last.map(String.init) ?? path
        guard isError(exchange) else { return PrintableText.make(word) }
        let status = exchange.status.map(String.init) ?? "no answer"
        return PrintableText.make([word, status, exchange.suberror ?? exchange.error].compactMap { $0 }.joined(separator: " "))
    }

    /// The exchange's row under its heading: `"token 400 mfa_required: the tenant asks for a second factor · 12 ms"`.
    package static func row(_ exchange: ObservedExchange) -> String {
        let duration = "\(Int((exchange.duration * 1000).rounded())) ms" + (exchange.attempt > 1 ? ", retry" : "")
        return stepName(exchange) + (reason(exchange).map { ": " + $0 } ?? "") + " · " + duration
    }

    /// Why the step went as it did, in one line, from its endpoint, status and error; nil when there is
    /// nothing to say beyond the step's name.
    package static func reason(_ exchange: ObservedExchange) -> String? {
        // The row's name says "no answer" already: the reason is what happened instead.
        if exchange.status == nil { return exchange.failure.map { PrintableText.make($0) } ?? "the request did not finish" }
        if isError(exchange) { return failureReason(exchange) }
        let body = fields(of: exchange.responseBody)
        let sentTo = (body["challenge_target_label"] as? String).map { " to " + PrintableText.make($0) } ?? ""
        guard let endpoint = exchange.endpoint else { return graphReason(exchange) }
        switch endpoint.answer {
        case .started(let means), .methods(let means), .completed(let means, _), .passwordRequired(let means),
             .pollStarted(let means):
            return means
        case .challenge:
            let type = body["challenge_type"] as? String
            if type == ChallengeType.preverified.wireValue { return "the contact is already verified" }
            return ServerStep.story(error: nil, suberror: nil, challengeType: type).map { type == ChallengeType.oob.wireValue ? $0 + sentTo : $0 }
        case .tokens:
            return tokenReason(exchange)
        case .pollStatus:
            return (body["status"] as? String) == "succeeded" ? "the new password is set" : "the reset is still running"
        }
    }

    private static func failureReason(_ exchange: ObservedExchange) -> String {
        if let story = ServerStep.story(error: exchange.error, suberror: exchange.suberror, challengeType: nil) { return story }
        if let reason = exchange.suberror.flatMap(reason(suberror:)) { return reason }
        if let reason = exchange.error.flatMap({ reason(error: OAuthErrorCode(wireValue: $0), code: exchange.errorCode) }) { return reason }
        switch exchange.status ?? 0 {
        case 429: return "the tenant is throttling: too many requests"
        case 500...: return "the tenant failed (a server error)"
        default: return "the tenant refused" + (exchange.error.map { ": " + PrintableText.make($0) } ?? "")
        }
    }

    /// A suberror's own reason; nil when the catalogue tells it or its `error` says more. No `default`: a new
    /// suberror must be placed here.
    private static func reason(suberror wire: String) -> String? {
        let refusedPassword = "the tenant refused the password (\(PrintableText.make(wire)))"
        return switch Suberror(wireValue: wire) {
        case .invalidOOBValue: "the code was wrong"
        case .attributeValidationFailed: "the tenant refused a detail"
        case .passwordTooWeak, .passwordTooShort, .passwordTooLong, .passwordRecentlyUsed, .passwordBanned, .passwordIsInvalid:
            refusedPassword
        // Every password-policy suberror, documented or not, is `password_…`.
        case .unknown(let value) where value.hasPrefix("password_"): refusedPassword
        case .step, .introspectRequired, .providerBlockedByRep, .providerBlockedByAdmin,
             .nativeAuthAPIDisabled, .unknown:
            nil
        }
    }

    /// An `error`'s own reason (`code`: its AADSTS number); nil when the status says it best. No `default`: a new
    /// error code must be placed here.
    private static func reason(error: OAuthErrorCode, code: Int?) -> String? {
        switch error {
        case .userNotFound: "no account has this username"
        case .addressTaken: "an account with this username exists already"
        case .invalidGrant where code == AADSTSCode.invalidCredentials: "the username or password is wrong"
        case .expiredToken: "the flow took too long: start again"
        case .authorizationPending: "waiting for the sign-in on the other device"
        case .slowDown: "the tenant asks to poll more slowly"
        case .unsupportedChallengeType: "the tenant wants a web browser"
        case .invalidRequest where code == 50196: "a new code was asked for too soon"
        case .invalidRequest, .invalidGrant, .unauthorizedClient, .invalidClient, .expiredRefreshToken, .credentialRequired,
             .attributesRequired, .verificationRequired, .accessDenied, .invalidScope, .unsupportedGrantType, .serverError,
             .unsupportedAuthMethod, .authNotSupported, .unknown:
            nil
        }
    }

    /// A token answer: a sign-in's, or a refresh's (a Graph read refreshes silently; it signs nobody in).
    private static func tokenReason(_ exchange: ObservedExchange) -> String {
        let grant = exchange.requestForm.first { $0.key == "grant_type" }?.value
        return grant == "refresh_token" ? "new tokens for the refresh token" : "tokens issued: signed in"
    }

    /// Graph and the interactive sign-ins (no native-auth endpoint): by path.
    private static func graphReason(_ exchange: ObservedExchange) -> String? {
        let path = exchange.url.path
        if path.hasSuffix("/devicecode") { return "the tenant issued a device code" }
        if path.hasSuffix("/token") { return tokenReason(exchange) }
        if path.hasSuffix("/me") { return exchange.method == "PATCH" ? "the profile is saved" : "the profile as Graph has it" }
        if path.contains("/auditLogs/signIns") { return "a page of the sign-in history" }
        return nil
    }

    /// A JSON answer's top-level fields (already redacted); empty for anything else.
    private static func fields(of body: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }
}
