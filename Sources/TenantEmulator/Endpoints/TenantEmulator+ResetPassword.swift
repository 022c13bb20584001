import Foundation
import NativeAuthWire

/// Self-service password reset: `/resetpassword/v1.0/start|challenge|continue|submit|poll_completion`.
/// Source: docs/protocol.md §N5.
extension TenantEmulator {
    func resetStart(_ context: RequestContext) throws -> EmulatorResponse {
        let client = try checkClient(context)
        let types = effectiveTypes(try checkChallengeTypes(context, required: true) ?? [], client: client.clientID)
        let username = try username(context)
        guard policyPart(\.passwordReset).enabled else {
            throw ProtocolError(.invalidRequest, AADSTSCode.invalidRequestParameter, "Self-service password reset is not enabled for this tenant.")
        }
        guard let user = try store.user(email: username) else { throw ProtocolError.userNotFound }
        guard user.hasPassword else {
            throw ProtocolError(.invalidRequest, AADSTSCode.userHasNoPassword, "The user does not have a password.")
        }
        guard types.contains(.oob) else { return Self.redirect(Self.unsupportedChallengeTypesReason) }
        let session = FlowSession(clientID: client.clientID, challengeTypes: types, capabilities: context.capabilities,
                                  username: user.email, userID: user.id, step: .resetStarted, expiresAt: context.now)
        return Self.success(ResponseBody(continuationToken: renew(session, replacing: nil, now: context.now)))
    }

    func resetChallenge(_ context: RequestContext) throws -> EmulatorResponse {
        let types = try checkChallengeTypes(context, required: false)
        let (token, session) = try self.session(context, for: .resetChallenge)
        if let types, !effectiveTypes(types, client: session.clientID).contains(.oob) {
            flows.remove(token)
            return Self.redirect(nil)
        }
        let sent = try sendCode(session, channel: "email", target: session.username, purpose: .passwordReset, now: context.now)
        session.step = .resetCodeSent
        let next = renew(session, replacing: token, now: context.now)
        return Self.success(codeSentBody(token: next, code: sent, withInterval: false))
    }

    func resetContinue(_ context: RequestContext) throws -> EmulatorResponse {
        let (token, session) = try self.session(context, for: .resetContinue)
        guard GrantType(wireValue: try context.required(.grantType)) == .oob else { throw ProtocolError.missing("grant_type") }
        try verifyCode(session, context)
        session.step = .resetVerified
        return Self.success(ResponseBody(continuationToken: renew(session, replacing: token, now: context.now),
                                         expiresIn: policyPart(\.tokens).continuationTokenSeconds))
    }

    func resetSubmit(_ context: RequestContext) throws -> EmulatorResponse {
        let (token, session) = try self.session(context, for: .resetSubmit)
        let password = try context.required(.newPassword)
        session.newPasswordHash = try hashNewPassword(password, username: session.username, userID: session.userID,
                                                      flow: (token, session), now: context.now)
        session.step = .resetPolling
        return Self.success(ResponseBody(continuationToken: renew(session, replacing: token, now: context.now), pollInterval: 2))
    }

    /// Walks the policy's poll sequence; the same token is polled until `succeeded` or `failed`.
    func resetPoll(_ context: RequestContext) throws -> EmulatorResponse {
        let (token, session) = try self.session(context, for: .resetPoll)
        let sequence = policyPart(\.passwordReset).pollSequence
        let status = sequence[min(session.pollIndex, sequence.count - 1)]
        session.pollIndex += 1
        switch status {
        case .succeeded:
            guard let userID = session.userID, let hash = session.newPasswordHash, try store.user(id: userID) != nil else {
                throw ProtocolError.userNotFound
            }
            try store.setPassword(userID: userID, hash: hash, at: context.now)
            session.step = .readyForToken(afterRegistration: false)
            return Self.success(ResponseBody(continuationToken: renew(session, replacing: token, now: context.now), status: .succeeded))
        case .failed:
            // DOC: the app may submit a new password again with the returned token.
            session.step = .resetVerified
            return Self.success(ResponseBody(continuationToken: renew(session, replacing: token, now: context.now), status: .failed))
        case .inProgress, .notStarted, .unknown:
            return Self.success(ResponseBody(status: status))
        }
    }
}
