import NativeAuthWire

/// Where a flow stands: which calls are legal next. Source: docs/protocol.md §N3.8, §N4.4, §N5.
enum FlowStep: Equatable {
    // Sign-in (docs/protocol.md §N3)
    case signInStarted
    case signInCodeSent
    case signInPasswordRequested
    // MFA (docs/protocol.md §N3.6)
    case mfaRequired
    case mfaIntrospected
    case mfaCodeSent(methodID: String)
    // Strong-method registration (docs/protocol.md §N3.7)
    case registrationRequired
    case registrationIntrospected
    case registrationCodeSent(channel: String, target: String)
    case registrationPreverified(channel: String, target: String)
    // Sign-up (docs/protocol.md §N4)
    case signUpStarted
    case signUpCodeSent
    case signUpCredentialRequired
    case signUpPasswordRequested
    case signUpAttributesRequested
    // Password reset (docs/protocol.md §N5)
    case resetStarted
    case resetCodeSent
    case resetVerified
    case resetPolling
    // A continuation-token grant at /token is next.
    case readyForToken(afterRegistration: Bool)
}

extension FlowStep {
    /// A call that continues a flow with its continuation token (a `/token` call by its grant).
    enum Call {
        case signInChallenge, signInIntrospect, passwordGrant, oobGrant, mfaOOBGrant, continuationTokenGrant
        case registerIntrospect, registerChallenge, registerContinue
        case signUpChallenge, signUpContinue, resetChallenge, resetContinue, resetSubmit, resetPoll
    }

    /// The calls legal at this step: every other call with its token is refused as a bad token.
    var next: Set<Call> {
        switch self {
        case .signInStarted, .signInPasswordRequested: [.signInChallenge, .passwordGrant]
        case .signInCodeSent: [.signInChallenge, .oobGrant]
        case .mfaRequired, .mfaIntrospected: [.signInChallenge, .signInIntrospect]
        case .mfaCodeSent: [.signInChallenge, .signInIntrospect, .oobGrant, .mfaOOBGrant]
        case .registrationRequired: [.registerIntrospect]
        case .registrationIntrospected: [.registerIntrospect, .registerChallenge]
        case .registrationCodeSent: [.registerIntrospect, .registerChallenge, .registerContinue]
        case .registrationPreverified: [.registerContinue]
        case .signUpStarted, .signUpCodeSent, .signUpCredentialRequired, .signUpPasswordRequested: [.signUpChallenge, .signUpContinue]
        case .signUpAttributesRequested: [.signUpContinue]
        case .resetStarted: [.resetChallenge]
        case .resetCodeSent: [.resetChallenge, .resetContinue]
        case .resetVerified: [.resetSubmit]
        case .resetPolling: [.resetPoll]
        case .readyForToken: [.continuationTokenGrant]
        }
    }
}

/// How `/token` asks for a step after the first factor: the flow step it starts, its AADSTS code and message, and the
/// capability a client must declare to be asked (without it, a redirect).
struct StepAsk {
    let flowStep: FlowStep, code: Int, message: String, capability: Capability?
}

/// The handler of each native-auth endpoint, and what `/token` asks after the first factor, beside the steps that make
/// its call legal, so a new step's endpoints and ask are routed in the file that declares it (the compiler lists a
/// missing one) and a rule that reads more of the flow changes nothing outside it.
extension TenantEmulator {
    /// The ask of `step` for `user` after the first factor, nil when the policy does not ask it; the rule sits with the
    /// step's endpoints.
    func ask(_ step: Suberror.Step, of user: StoredUser) -> StepAsk? {
        switch step {
        case .mfaRequired: mfaAsk(of: user)
        case .registrationRequired: registrationAsk(of: user)
        }
    }

    /// After the first factor: the first step of `Suberror.Step`'s order the policy asks of `user` (MFA, registration, …;
    /// each step's ask sits with its endpoints), or tokens. A step the client declared no capability for redirects.
    func afterFirstFactor(_ context: RequestContext, token: String, session: FlowSession, user: StoredUser) throws -> EmulatorResponse {
        for step in Suberror.Step.allCases {
            guard let ask = ask(step, of: user) else { continue }
            if let capability = ask.capability, !session.capabilities.contains(capability) {
                flows.remove(token)
                return Self.redirect("Client is missing \(capability.wireValue) capability")
            }
            session.step = ask.flowStep
            throw ProtocolError(.invalidGrant, ask.code, ask.message, suberror: .step(step),
                                continuationToken: renew(session, replacing: token, now: context.now))
        }
        return try tokens(context, token: token, session: session, user: user)
    }

    func route(_ context: RequestContext) throws -> EmulatorResponse {
        switch context.endpoint {
        case .signInInitiate: try signInInitiate(context)
        case .signInChallenge: try signInChallenge(context)
        case .signInIntrospect: try mfaIntrospect(context)
        case .token: try token(context)
        case .registerIntrospect: try registerIntrospect(context)
        case .registerChallenge: try registerChallenge(context)
        case .registerContinue: try registerContinue(context)
        case .signUpStart: try signUpStart(context)
        case .signUpChallenge: try signUpChallenge(context)
        case .signUpContinue: try signUpContinue(context)
        case .resetPasswordStart: try resetStart(context)
        case .resetPasswordChallenge: try resetChallenge(context)
        case .resetPasswordContinue: try resetContinue(context)
        case .resetPasswordSubmit: try resetSubmit(context)
        case .resetPasswordPollCompletion: try resetPoll(context)
        }
    }
}
