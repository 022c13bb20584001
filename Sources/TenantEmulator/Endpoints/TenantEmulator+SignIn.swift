import EmailAddresses
import Foundation
import NativeAuthWire

/// Sign-in: `/oauth2/v2.0/initiate` and `/oauth2/v2.0/challenge` (first factor and MFA).
/// Source: docs/protocol.md §N3.1, §N3.2, §N3.6.
extension TenantEmulator {
    func signInInitiate(_ context: RequestContext) throws -> EmulatorResponse {
        let client = try checkClient(context)
        let types = effectiveTypes(try checkChallengeTypes(context, required: true) ?? [], client: client.clientID)
        let username = try username(context)
        guard let user = try store.user(email: username) else { throw ProtocolError.userNotFound }
        guard clientCanServe(types, needsPassword: user.hasPassword) else { return Self.redirect(Self.unsupportedChallengeTypesReason) }
        let session = FlowSession(clientID: client.clientID, challengeTypes: types, capabilities: context.capabilities,
                                  username: user.email, userID: user.id, step: .signInStarted, expiresAt: context.now)
        return Self.success(ResponseBody(continuationToken: renew(session, replacing: nil, now: context.now)))
    }

    func signInChallenge(_ context: RequestContext) throws -> EmulatorResponse {
        let types = try checkChallengeTypes(context, required: false)
        let (token, session) = try self.session(context, for: .signInChallenge)
        if let types { session.challengeTypes = effectiveTypes(types, client: session.clientID) }
        guard let user = try user(of: session) else { throw ProtocolError.userNotFound }
        // MFA's steps are those its introspect may follow.
        if session.step.next.contains(.signInIntrospect) { return try mfaChallenge(context, token: token, session: session, user: user) }
        guard clientCanServe(session.challengeTypes, needsPassword: user.hasPassword) else {
            flows.remove(token)
            return Self.redirect(nil)
        }
        if user.hasPassword {
            session.step = .signInPasswordRequested
            return Self.success(ResponseBody(continuationToken: renew(session, replacing: token, now: context.now), challengeType: .password))
        }
        let sent = try sendCode(session, channel: "email", target: user.email, purpose: .signIn, now: context.now)
        session.step = .signInCodeSent
        let next = renew(session, replacing: token, now: context.now)
        return Self.success(codeSentBody(token: next, code: sent, withInterval: true))
    }

    /// MFA step B (and the legacy default-method challenge without `id`).
    private func mfaChallenge(_ context: RequestContext, token: String, session: FlowSession, user: StoredUser) throws -> EmulatorResponse {
        let methods = mfaMethods(of: user)
        let method: StoredMethod
        if let id = context.form[.id], !id.isEmpty {
            guard let chosen = methods.first(where: { $0.id == id }) else { throw ProtocolError.missing("id") }
            method = chosen
        } else if policyPart(\.mfa).legacyFlow, session.step == .mfaRequired {
            guard methods.count == 1, let only = methods.first else {
                throw ProtocolError(.invalidRequest, AADSTSCode.introspectRequired,
                                    "User has more than one strong authentication method; call the introspect endpoint.",
                                    suberror: .introspectRequired)
            }
            method = only
        } else if case .mfaCodeSent(let previous) = session.step, let chosen = methods.first(where: { $0.id == previous }) {
            method = chosen
        } else {
            throw ProtocolError.missing("id")
        }
        if method.channel == "sms" {
            if policyPart(\.mfa).smsNeedsTenantIdAuthority, context.viaDomainName { throw ProtocolError.smsNeedsTenantID }
            let blocked: ProtocolError? = switch policyPart(\.mfa).smsBlocked {
            case .reputation: .smsBlockedByReputation
            case .admin: .smsBlockedByAdmin
            case .none: nil
            }
            if let blocked {
                // A blocked MFA method ends this sign-in attempt: logged as a failure.
                try recordSignIn(user: user, clientID: session.clientID, channel: .native, failure: blocked, now: context.now)
                throw blocked
            }
        }
        let sent = try sendCode(session, channel: method.channel, target: method.target, purpose: .mfa, now: context.now)
        session.step = .mfaCodeSent(methodID: method.id)
        let next = renew(session, replacing: token, now: context.now)
        return Self.success(codeSentBody(token: next, code: sent, withInterval: false))
    }

    /// MFA step A: `/oauth2/v2.0/introspect` lists the user's methods with masked hints.
    func mfaIntrospect(_ context: RequestContext) throws -> EmulatorResponse {
        let (token, session) = try self.session(context, for: .signInIntrospect)
        guard let user = try user(of: session) else { throw ProtocolError.userNotFound }
        let methods = mfaMethods(of: user).map { method in
            WireAuthMethod(id: method.id, challengeType: .oob, challengeChannel: ChallengeChannel(wireValue: method.channel),
                           loginHint: method.channel == "sms" ? PhoneNumber.masked(method.target) : EmailAddress.masked(method.target))
        }
        session.step = .mfaIntrospected
        return Self.success(ResponseBody(continuationToken: renew(session, replacing: token, now: context.now), methods: methods))
    }

    /// `mfa_required` for a password account with a registered method, when `mfa.required` (DOC26: the second factor
    /// applies to password accounts only).
    func mfaAsk(of user: StoredUser) -> StepAsk? {
        guard policy.mfa.required, user.hasPassword, !mfaMethods(of: user).isEmpty else { return nil }
        return StepAsk(flowStep: .mfaRequired, code: AADSTSCode.mfaRequired, message: "Multi-factor authentication is required.",
                       capability: .mfaRequired)
    }

    /// The user's methods whose channel the policy allows for MFA.
    func mfaMethods(of user: StoredUser) -> [StoredMethod] {
        let allowed = policyPart(\.mfa).methods  // two channels at most: no set to build on every request
        return user.methods.filter { method in allowed.contains { $0.rawValue == method.channel } }
    }
}
