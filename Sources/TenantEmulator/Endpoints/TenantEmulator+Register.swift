import EmailAddresses
import Foundation
import NativeAuthWire

/// Just-in-time strong-method registration: `/register/v1.0/introspect|challenge|continue`.
/// Source: docs/protocol.md §N3.7; field cases 002 and 003 (docs/field-cases.md).
extension TenantEmulator {
    /// `registration_required` for a password account without a method MFA can use, when `mfa.required` and
    /// `mfa.registrationRequired`.
    func registrationAsk(of user: StoredUser) -> StepAsk? {
        guard policy.mfa.required, policy.mfa.registrationRequired, user.hasPassword, mfaMethods(of: user).isEmpty else { return nil }
        return StepAsk(flowStep: .registrationRequired, code: AADSTSCode.registrationRequired,
                       message: "A strong authentication method must be registered.", capability: .registrationRequired)
    }

    func registerIntrospect(_ context: RequestContext) throws -> EmulatorResponse {
        let (token, session) = try self.session(context, for: .registerIntrospect)
        guard let user = try user(of: session) else { throw ProtocolError.userNotFound }
        let methods = policy.mfa.methods.map { channel in
            WireAuthMethod(id: channel.rawValue, challengeType: .oob, challengeChannel: channel.wire,
                           loginHint: channel == .email ? user.email : nil)
        }
        session.step = .registrationIntrospected
        return Self.success(ResponseBody(continuationToken: renew(session, replacing: token, now: context.now), methods: methods))
    }

    func registerChallenge(_ context: RequestContext) throws -> EmulatorResponse {
        let (token, session) = try self.session(context, for: .registerChallenge)
        let type = ChallengeType(wireValue: try context.required(.challengeType))
        guard type == .oob else {
            throw ProtocolError(.unsupportedChallengeType, AADSTSCode.challengeTypeLacksRedirect, "Registration needs challenge_type oob.")
        }
        let target = try context.required(.challengeTarget).trimmingCharacters(in: .whitespaces)
        let channelText = context.form[.challengeChannel] ?? (target.contains("@") ? "email" : "sms")
        guard let channel = TenantPolicy.MethodChannel(rawValue: channelText.lowercased()), policy.mfa.methods.contains(channel) else {
            throw ProtocolError.missing("challenge_channel")
        }
        guard let user = try user(of: session) else { throw ProtocolError.userNotFound }
        switch channel {
        case .sms:
            guard PhoneNumber.isE164(target) else { throw ProtocolError.invalidContact }
            if policy.mfa.smsNeedsTenantIdAuthority, context.viaDomainName { throw ProtocolError.smsNeedsTenantID }
            switch policy.mfa.smsBlocked {
            case .reputation: throw ProtocolError.smsBlockedByReputation
            case .admin: throw ProtocolError.smsBlockedByAdmin
            case .none: break
            }
        case .email:
            guard EmailAddress.isWellFormed(target) else { throw ProtocolError.invalidContact }
            if policy.mfa.preverifiedFastPass, EmailAddress.same(target, user.email) {
                // The address was verified when the account was made: the fast pass (docs/protocol.md §N3.7 "preverified").
                session.step = .registrationPreverified(channel: channel.rawValue, target: target)
                return Self.success(ResponseBody(continuationToken: renew(session, replacing: token, now: context.now), challengeType: .preverified))
            }
        }
        try sendCode(session, channel: channel.rawValue, target: target, purpose: .registration, now: context.now)
        session.step = .registrationCodeSent(channel: channel.rawValue, target: target)
        return Self.success(ResponseBody(continuationToken: renew(session, replacing: token, now: context.now), challengeType: .oob,
                                         bindingMethod: "prompt", challengeChannel: channel.wire, challengeTarget: target,
                                         codeLength: policy.otp.length))
    }

    func registerContinue(_ context: RequestContext) throws -> EmulatorResponse {
        let (token, session) = try self.session(context, for: .registerContinue)
        let grant = GrantType(wireValue: try context.required(.grantType))
        let channel: String, target: String
        // `FlowStep.next` lets only these two steps call here; each takes its own grant.
        if case .registrationCodeSent(let sentChannel, let sentTarget) = session.step, grant == .oob {
            try verifyCode(session, context)
            (channel, target) = (sentChannel, sentTarget)
        } else if case .registrationPreverified(let sentChannel, let sentTarget) = session.step, grant == .continuationToken {
            (channel, target) = (sentChannel, sentTarget)
        } else {
            throw ProtocolError.missing("grant_type")
        }
        guard let userID = session.userID else { throw ProtocolError.userNotFound }
        // A number is kept in E.164 whichever accepted spelling registered it.
        _ = try store.addMethod(userID: userID, channel: channel, target: channel == "sms" ? PhoneNumber.compact(target) : target)
        session.step = .readyForToken(afterRegistration: true)
        return Self.success(ResponseBody(continuationToken: renew(session, replacing: token, now: context.now)))
    }
}
