import TophhieCloudAuthentication
/// Work for the effect runner: each case is one framework call on the runner's current live step (or on
/// `TophhieNativeAuth` to start a flow, or on the interactive and Graph stacks). The runner answers with the
/// matching ``FlowEvent``.
///
/// Passwords and codes are ``Secret``s, so no printing or dump of an effect shows them.
public enum FlowEffect: Sendable, Equatable, CustomStringConvertible {
    /// `signUp(email:password:attributes:)` → ``FlowEvent/signUpStarted(_:)``.
    case startSignUp(email: String, password: Secret?, attributes: [String: String])
    /// `signIn(email:password:)`, or passwordless `signIn(email:)` when `password` is `nil`
    /// → ``FlowEvent/signInAdvanced(_:)``.
    case startSignIn(email: String, password: Secret?)
    /// `input` to the live step the runner keeps, through `LiveStep.submit(_:progress:)` (`AccountFlowLive`): a code, a
    /// password, attributes, a method's contact, or the sign-in a finished sign-up or reset offers. The answer
    /// is the step's own: ``FlowEvent/signUpAdvanced(_:)``, ``FlowEvent/signInAdvanced(_:)``,
    /// ``FlowEvent/registrationAnswered(_:)`` or ``FlowEvent/resetAdvanced(_:)`` (with
    /// ``FlowEvent/resetPollProgress(poll:)`` while the new password is applied).
    case submit(StepInput)
    /// A challenge on the method with this id, through `LiveStep.pick(_:)` (`nil`: let the framework
    /// choose or ask) → ``FlowEvent/mfaChallengeAnswered(_:)``.
    case pickMethod(id: String?)
    /// A new code for the live code step, through `LiveStep.resend()` → ``FlowEvent/codeResent(_:)``.
    case resendCode
    /// `resetPassword(email:)` → ``FlowEvent/resetStarted(_:)``.
    case startPasswordReset(email: String)
    /// `TophhieNativeAuth.refreshTokens(refreshToken:)` with the refresh token the runner kept from the last
    /// completed sign-in → ``FlowEvent/tokensRefreshed(_:)``.
    case refreshTokens
    /// Start a device-code sign-in and poll it, as one task: send ``FlowEvent/deviceCodeIssued(_:)``, then
    /// ``FlowEvent/deviceCodeProgress(_:)`` as polling goes, then ``FlowEvent/interactiveSignInFinished(_:)``.
    case startDeviceCodeSignIn
    /// Start a browser sign-in (loopback listener, open the browser), as one task: send
    /// ``FlowEvent/browserSignInStarted(_:)``, then ``FlowEvent/interactiveSignInFinished(_:)``.
    case startBrowserSignIn
    /// Sign the current account out (remove it from the token cache, drop its tokens)
    /// → ``FlowEvent/signedOut(_:)``.
    case signOut
    /// Make the next cached account the current one (silently, from the token cache)
    /// → ``FlowEvent/accountSwitched(_:)``.
    case switchAccount
    /// Read the profile (`GET /v1.0/me` with `$select` of every property shown) → ``FlowEvent/profileLoaded(_:)``.
    case loadProfile
    /// Save the changed properties only (`PATCH /v1.0/me`; a `nil` value clears the property), then read the
    /// profile again → ``FlowEvent/profileSaved(_:)``.
    case saveProfile([ProfileProperty: String?])
    /// Read the first page of `user`'s sign-ins (a UPN or object id; `$top` = `top` rows), as one task:
    /// ``FlowEvent/historyWaiting(seconds:)`` before each throttled retry, then ``FlowEvent/historyLoaded(_:)``.
    case loadHistory(user: String, top: Int)
    /// Follow the last page's `@odata.nextLink` verbatim, as ``loadHistory(user:top:)`` does its first page.
    case loadMoreHistory
    /// Read the tenant's snapshot through Graph (`TophhieAuth.tenantSnapshot`) → ``FlowEvent/tenantLoaded(_:)``.
    case loadTenant
    /// Write the snapshot read last, atomically, to the runner's snapshot file → ``FlowEvent/tenantSaved(_:)``.
    case saveTenant
    /// Cancel the task in flight; send no answer for it.
    case cancelRequest
    /// Drop the live step (and its continuation token): the flow ended or was abandoned.
    case forgetSession
    /// Drop the tokens kept from the last completed sign-in (enrolment mode keeps none).
    case forgetAccount
    /// Enrolment mode: the person at the terminal is done (``FlowStep/isBetweenPeople``). Whatever the console
    /// shows of them (the trace, the outbox) must go before the next one.
    case forgetPerson
    /// End the console.
    case quit

    /// Attributes and profile changes by name only
    /// (personal data stays out of traces). The interactive effects carry nothing secret.
    public var description: String {
        switch self {
        case .startSignUp(let email, let password, let attributes):
            "startSignUp(email: \(email), password: \(password?.description ?? "nil"), attributes: \(attributes.keys.sorted()))"
        case .startSignIn(let email, let password):
            "startSignIn(email: \(email), password: \(password?.description ?? "nil"))"
        case .submit(let input): "submit(\(input))"
        case .pickMethod(let id): "pickMethod(id: \(id ?? "nil"))"
        case .resendCode: "resendCode"
        case .startPasswordReset(let email): "startPasswordReset(email: \(email))"
        case .refreshTokens: "refreshTokens"
        case .startDeviceCodeSignIn: "startDeviceCodeSignIn"
        case .startBrowserSignIn: "startBrowserSignIn"
        case .signOut: "signOut"
        case .switchAccount: "switchAccount"
        case .loadProfile: "loadProfile"
        case .saveProfile(let changes): "saveProfile(\(changes.keys.map(\.rawValue).sorted()))"
        case .loadHistory(let user, let top): "loadHistory(user: \(user), top: \(top))"
        case .loadMoreHistory: "loadMoreHistory"
        case .loadTenant: "loadTenant"
        case .saveTenant: "saveTenant"
        case .cancelRequest: "cancelRequest"
        case .forgetSession: "forgetSession"
        case .forgetAccount: "forgetAccount"
        case .forgetPerson: "forgetPerson"
        case .quit: "quit"
        }
    }
}
