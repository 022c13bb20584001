import Foundation
import NativeAuthWire

/// Sign-up: `/signup/v1.0/start|challenge|continue`, in all four orders of docs/protocol.md §N4.4 and with the attribute
/// timing rule (optional attributes only before the email is verified).
/// Source: docs/protocol.md §N4.1–§N4.4.
extension TenantEmulator {
    private var needsPassword: Bool { policy.signUp.method == .emailPassword }

    func signUpStart(_ context: RequestContext) throws -> EmulatorResponse {
        let client = try checkClient(context)
        let types = effectiveTypes(try checkChallengeTypes(context, required: true) ?? [], client: client.clientID)
        let username = try username(context)
        guard clientCanServe(types, needsPassword: needsPassword) else { return Self.redirect(nil) }
        if try store.user(email: username) != nil {
            throw ProtocolError(.addressTaken(.userAlreadyExists), AADSTSCode.userAlreadyExists, "It looks like you may already have an account.")
        }
        let session = FlowSession(clientID: client.clientID, challengeTypes: types, capabilities: context.capabilities,
                                  username: username, userID: nil, step: .signUpStarted, expiresAt: context.now)
        if let password = context.form[.password] {
            session.passwordHash = try acceptedPassword(password, username: username, flow: nil, now: context.now)
        }
        // Before verification every known attribute is accepted, optional ones included.
        session.attributes = try validatedAttributes(try attributes(context))
        return Self.success(ResponseBody(continuationToken: renew(session, replacing: nil, now: context.now)))
    }

    func signUpChallenge(_ context: RequestContext) throws -> EmulatorResponse {
        let types = try checkChallengeTypes(context, required: false)
        let (token, session) = try self.session(context, for: .signUpChallenge)
        if let types { session.challengeTypes = effectiveTypes(types, client: session.clientID) }
        // After `credential_required` the challenge asks for the password; before it, for the email's code.
        let asksForPassword = session.step == .signUpCredentialRequired || session.step == .signUpPasswordRequested
        guard session.challengeTypes.contains(asksForPassword ? .password : .oob) else {
            flows.remove(token)
            return Self.redirect(nil)
        }
        if asksForPassword {
            session.step = .signUpPasswordRequested
            return Self.success(ResponseBody(continuationToken: renew(session, replacing: token, now: context.now), challengeType: .password))
        }
        let sent = try sendCode(session, channel: "email", target: session.username, purpose: .signUp, now: context.now)
        session.step = .signUpCodeSent
        return Self.success(codeSentBody(token: renew(session, replacing: token, now: context.now), code: sent, withInterval: true))
    }

    func signUpContinue(_ context: RequestContext) throws -> EmulatorResponse {
        let (token, session) = try self.session(context, for: .signUpContinue)
        let grant = GrantType(wireValue: try context.required(.grantType))
        switch grant {
        case .oob:
            guard session.step == .signUpCodeSent else { throw ProtocolError.badToken }
            try verifyCode(session, context)
            session.verified = true
        case .password:
            guard needsPassword else {
                throw ProtocolError(.invalidRequest, AADSTSCode.invalidAuthenticationType, "This user flow does not use passwords.")
            }
            session.passwordHash = try acceptedPassword(try context.required(.password), username: session.username,
                                                        flow: (token, session), now: context.now)
        case .attributes:
            let values = try validatedAttributes(try attributes(context))
            let required = Set(policy.signUp.attributes.filter(\.required).map(\.name))
            // docs/protocol.md §N4.4 rule 5: after verification only required attributes are still accepted.
            for (name, value) in values where !session.verified || required.contains(name) {
                session.attributes[name] = value
            }
        case .mfaOOB, .continuationToken, .refreshToken, .unknown:
            throw ProtocolError.missing("grant_type")
        }
        guard session.verified else {
            // Input before the email is verified is kept; the address still needs its code.
            var error = ProtocolError(.verificationRequired, AADSTSCode.verificationRequired, "User attributes must be verified.",
                                      continuationToken: renew(session, replacing: token, now: context.now))
            error.envelope.unverifiedAttributes = [WireAttributeName(name: "email")]
            throw error
        }
        return try signUpNextStep(context, token: token, session: session)
    }

    /// After verified input: ask for the password, then missing required attributes, then create the account.
    private func signUpNextStep(_ context: RequestContext, token: String, session: FlowSession) throws -> EmulatorResponse {
        if needsPassword, session.passwordHash == nil {
            session.step = .signUpCredentialRequired
            throw ProtocolError(.credentialRequired, AADSTSCode.credentialRequired, "Credential required.",
                                continuationToken: renew(session, replacing: token, now: context.now))
        }
        let missing = policy.signUp.attributes.filter { $0.required && session.attributes[$0.name] == nil }
        if !missing.isEmpty {
            session.step = .signUpAttributesRequested
            var error = ProtocolError(.attributesRequired, AADSTSCode.attributesRequired, "User attributes required.",
                                      continuationToken: renew(session, replacing: token, now: context.now))
            error.envelope.requiredAttributes = missing.map(Self.wire)
            throw error
        }
        let user: StoredUser
        do {
            user = try store.createUser(email: session.username, passwordHash: session.passwordHash, attributes: session.attributes,
                                        methods: [], at: context.now)
        } catch UserStore.Failure.userExists {
            flows.remove(token)
            throw ProtocolError(.addressTaken(.userAlreadyExists), AADSTSCode.userAlreadyExists, "It looks like you may already have an account.")
        }
        session.userID = user.id
        session.step = .readyForToken(afterRegistration: false)
        return Self.success(ResponseBody(continuationToken: renew(session, replacing: token, now: context.now)))
    }

    /// Checks a sign-up password and returns its hash (see `hashNewPassword`).
    private func acceptedPassword(_ password: String, username: String, flow: (token: String, session: FlowSession)?,
                                  now: Date) throws -> String {
        guard needsPassword else {
            throw ProtocolError(.invalidRequest, AADSTSCode.invalidAuthenticationType, "This user flow does not use passwords.")
        }
        return try hashNewPassword(password, username: username, userID: nil, flow: flow, now: now)
    }
}
